import { describe, expect, it } from "vitest";
import { toolDataText, toolLabel, toolSummary } from "./tool-summary.ts";

describe("tool call wording", () => {
  it("labels known tools by state and unknown ones from their name", () => {
    expect(toolLabel("searchDocuments", "running")).toBe("Searching documents…");
    expect(toolLabel("searchDocuments", "done")).toBe("Searched documents");
    expect(toolLabel("fetchWeatherReport", "running")).toBe("Using fetch weather report…");
    expect(toolLabel("fetch_weather", "failed")).toBe("Used fetch weather");
  });

  it("summarizes the query and the number of results", () => {
    expect(toolSummary("searchDocuments", "running", { query: "leave policy" }, undefined)).toBe(
      "“leave policy”",
    );
    expect(
      toolSummary("searchDocuments", "done", { query: "leave" }, { results: [{}, {}, {}] }),
    ).toBe("“leave” · 3 results");
    expect(toolSummary("listThreadDocuments", "done", {}, [{}])).toBe("1 document");
    expect(
      toolSummary("readDocument", "done", { documentId: "d1" }, { name: "Handbook.pdf" }),
    ).toBe("Handbook.pdf");
  });

  it("shows the error of a failed call", () => {
    expect(toolSummary("readDocument", "failed", {}, undefined, "Document was not found.")).toBe(
      "Document was not found.",
    );
    expect(toolSummary("readDocument", "failed", {}, undefined, "")).toBe("The tool failed.");
  });

  it("prints tool data as bounded text", () => {
    expect(toolDataText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(toolDataText("x".repeat(10), 4)).toBe("xxxx\n…");
    expect(toolDataText(undefined)).toBe("");
  });
});
