import { describe, expect, it } from "vitest";
import type { ModuleInput } from "../schemas/module.ts";
import { checkModuleInputs } from "./module-inputs.ts";

const inputs: ModuleInput[] = [
  { key: "title", label: "Title", type: "text", required: true },
  { key: "notes", label: "Notes", type: "longText", required: false },
  { key: "focus", label: "Focus", type: "choice", required: true, options: ["Term", "Liability"] },
  { key: "due", label: "Due date", type: "date", required: false },
  { key: "amount", label: "Amount", type: "number", required: false },
  { key: "docs", label: "Contracts", type: "documents", required: true, maxDocuments: 2 },
];

describe("checkModuleInputs", () => {
  it("accepts good values, trims single lines, turns number text into numbers and blanks into null", () => {
    const checked = checkModuleInputs(inputs, {
      title: "  Lease review ",
      notes: "line 1\nline 2",
      focus: "Term",
      due: "2026-02-28",
      amount: " 12.5 ",
      docs: ["a", "b", "a"],
    });
    expect(checked.issues).toEqual([]);
    expect(checked.values).toEqual({
      title: "Lease review",
      notes: "line 1\nline 2",
      focus: "Term",
      due: "2026-02-28",
      amount: 12.5,
      docs: ["a", "b"],
    });
    expect(checked.documentIds).toEqual(["a", "b"]);
    expect(
      checkModuleInputs(inputs, { title: "x", focus: "Term", docs: ["a"], notes: " " }).values,
    ).toMatchObject({ notes: null, due: null, amount: null });
  });

  it("names each refused input with a message a member understands", () => {
    const checked = checkModuleInputs(inputs, {
      title: "two\nlines",
      focus: "Payment",
      due: "2026-02-30",
      amount: "twelve",
      docs: [],
      extra: "?",
    });
    expect(checked.issues).toEqual([
      { key: "extra", message: "This module has no input named extra" },
      { key: "title", message: "Title must be a single line" },
      { key: "focus", message: "Choose one of the options for Focus" },
      { key: "due", message: "Due date must be a date (YYYY-MM-DD)" },
      { key: "amount", message: "Amount must be a number" },
      { key: "docs", message: "Choose at least one document for Contracts" },
    ]);
  });

  it("refuses missing required values and too many documents", () => {
    expect(checkModuleInputs(inputs, { docs: ["a", "b", "c"] }).issues).toEqual([
      { key: "title", message: "Title is required" },
      { key: "focus", message: "Focus is required" },
      { key: "docs", message: "Choose at most 2 documents for Contracts" },
    ]);
    expect(checkModuleInputs(inputs, { title: "x", focus: "Term", docs: "a" }).issues).toEqual([
      { key: "docs", message: "Contracts must be a list of documents" },
    ]);
  });
});
