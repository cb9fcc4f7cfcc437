import { describe, expect, it } from "vitest";
import { checkTemplate, fillTemplate, templateRefs } from "./workflow-templates.ts";

const at = (stepNumber: number, stepCount = 3) => ({
  stepNumber,
  stepCount,
  inputKeys: ["client", "focus"],
});

describe("workflow templates", () => {
  it("finds inputs, earlier steps and documents, spaces ignored", () => {
    expect(templateRefs("{{ inputs.client }} {{steps.2.output}} {{documents}} {{x}}")).toEqual([
      { kind: "input", key: "client", raw: "{{inputs.client}}" },
      { kind: "step", step: 2, raw: "{{steps.2.output}}" },
      { kind: "documents", raw: "{{documents}}" },
      { kind: "unknown", raw: "{{x}}" },
    ]);
  });

  it("accepts inputs and earlier steps", () => {
    expect(
      checkTemplate("For {{inputs.client}} from {{steps.1.output}} {{documents}}", at(2)),
    ).toEqual([]);
  });

  it("refuses a later step, the step itself, a missing step, an unknown input or name", () => {
    expect(checkTemplate("{{steps.3.output}}", at(2))).toEqual([
      "{{steps.3.output}}: step 3 runs after step 2; use only earlier steps",
    ]);
    expect(checkTemplate("{{steps.2.output}}", at(2))).toEqual([
      "{{steps.2.output}}: step 2 cannot use its own output",
    ]);
    expect(checkTemplate("{{steps.9.output}} {{steps.0.output}}", at(2))).toEqual([
      "{{steps.9.output}}: there is no step 9",
      "{{steps.0.output}}: there is no step 0",
    ]);
    expect(checkTemplate("{{inputs.nope}} {{inputs.nope}}", at(1))).toEqual([
      "{{inputs.nope}} is not one of this workflow's inputs",
    ]);
    expect(checkTemplate("{{steps.1}}", at(2))[0]).toContain("is not a variable");
  });

  it("fills values, marks earlier outputs and leaves text without braces alone", () => {
    const filled = fillTemplate(
      "{{inputs.client}} / {{inputs.focus}} / {{steps.1.output}} / {{documents}} / {x}",
      {
        inputs: { client: "ACME", focus: null },
        outputs: ["terms"],
        documentNames: ["a.pdf", "b.docx"],
        wrapOutput: (n, text) => `<o${n}>${text}</o${n}>`,
      },
    );
    expect(filled).toBe("ACME / (not given) / <o1>terms</o1> / a.pdf, b.docx / {x}");
    expect(
      fillTemplate("{{steps.2.output}}", { inputs: {}, outputs: ["x"], documentNames: [] }),
    ).toBe("(no output)");
  });
});
