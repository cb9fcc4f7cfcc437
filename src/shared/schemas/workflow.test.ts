import { describe, expect, it } from "vitest";
import { workflowFormSchema } from "./workflow.ts";

const issues = (value: unknown) => {
  const parsed = workflowFormSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("workflow form", () => {
  it("accepts prompt, module and table steps", () => {
    expect(
      issues({
        name: "Memo",
        inputs: [{ key: "client", label: "Client", type: "text", required: true }],
        steps: [
          { kind: "prompt", prompt: "Terms for {{inputs.client}}" },
          { kind: "module", moduleSlug: "clauses", inputs: { focus: "{{steps.1.output}}" } },
          { kind: "table", columns: [{ question: "Parties?", answerType: "list" }] },
        ],
      }),
    ).toEqual([]);
  });

  it("names the step and field of every mistake", () => {
    expect(
      issues({
        name: "",
        inputs: [
          { key: "a", label: "A", type: "text", required: true },
          { key: "a", label: "B", type: "documents", required: false },
        ],
        steps: [
          { kind: "prompt", prompt: "{{steps.2.output}}" },
          { kind: "module", moduleSlug: "m", inputs: { x: "{{inputs.zzz}}" } },
          { kind: "table", columns: [] },
        ],
      }),
    ).toEqual([
      "name: Workflow name is required",
      "inputs.1.type: Documents are chosen when the workflow runs; remove this input",
      "steps.2.columns: Add at least one column",
      "inputs.1.key: Input keys must be unique",
      "steps.0.prompt: Step 1: {{steps.2.output}}: step 2 runs after step 1; use only earlier steps",
      "steps.1.inputs.x: Step 2: {{inputs.zzz}} is not one of this workflow's inputs",
    ]);
  });

  it("needs at least one step", () => {
    expect(issues({ name: "x", steps: [] })).toEqual(["steps: Add at least one step"]);
  });
});
