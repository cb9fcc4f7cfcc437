import { describe, expect, it } from "vitest";
import { builtinPrompt, citedSources, fillTemplate } from "./builtin-prompt.ts";

describe("built-in prompt", () => {
  const inputs = [
    { key: "party", label: "Party", type: "text" as const, required: true },
    { key: "docs", label: "Docs", type: "documents" as const, required: false },
    { key: "note", label: "Note", type: "longText" as const, required: false },
  ];

  it("fills each {{key}} and lists chosen documents by name", () => {
    const filled = fillTemplate(
      "For {{ party }}: review {{docs}}. {{note}} {{unknown}}",
      inputs,
      { party: "Acme", docs: ["d1", "d2"], note: null },
      new Map([
        ["d1", "lease.pdf"],
        ["d2", "annex.docx"],
      ]),
    );
    expect(filled).toBe("For Acme: review lease.pdf, annex.docx. (not given) {{unknown}}");
  });

  it("numbers the sources and keeps only the citations the text makes", () => {
    const sources = [
      { n: 1, documentId: "a", documentName: "A", content: "The term is 12 months." },
      { n: 2, documentId: "b", documentName: "B", content: "Notice is 30 days." },
    ];
    expect(builtinPrompt("Summarize", sources)).toContain('[2] (from "B")\nNotice is 30 days.');
    expect(citedSources("Term is a year [1]. Also [7].", sources)).toEqual([
      { n: 1, documentId: "a", documentName: "A", quote: "The term is 12 months." },
    ]);
  });
});
