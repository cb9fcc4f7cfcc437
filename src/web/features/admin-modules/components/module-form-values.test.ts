import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors.ts";
import { moduleFormErrorsFrom } from "./module-form-errors.ts";
import {
  initialFormValues,
  newInputDraft,
  toModuleArgs,
  validateModuleForm,
} from "./module-form-values.ts";

describe("module form values", () => {
  it("answers SPEC 5's messages for a blank form", () => {
    const errors = validateModuleForm(initialFormValues());
    expect(errors.name).toBe("Module name is required");
    expect(errors.slug).toBe("Slug is required");
    expect(errors.endpointUrl).toBe("Endpoint URL is required for a webhook module");
  });

  it("turns inputs into the contract's arguments, per kind", () => {
    const values = {
      ...initialFormValues(),
      name: "Review",
      slug: "review",
      kind: "builtin" as const,
      endpointUrl: "https://left.over/",
      promptTemplate: "Review {{focus}}",
      estimatedTimeMinutes: " 7 ",
      inputs: [
        {
          ...newInputDraft(),
          key: "focus",
          label: "Focus",
          type: "choice" as const,
          optionsText: "A\n\n B \n",
        },
        {
          ...newInputDraft(),
          key: "docs",
          label: "Docs",
          type: "documents" as const,
          maxDocuments: "4",
        },
      ],
    };
    const args = toModuleArgs(values);
    expect(args).toMatchObject({
      kind: "builtin",
      endpointUrl: undefined,
      promptTemplate: "Review {{focus}}",
      estimatedTimeMinutes: 7,
      modelId: undefined,
      icon: undefined,
    });
    expect(args.inputs[0]).toMatchObject({ options: ["A", "B"], maxDocuments: undefined });
    expect(args.inputs[1]).toMatchObject({ options: undefined, maxDocuments: 4 });
    expect(validateModuleForm(values)).toEqual({});
    expect(
      validateModuleForm({ ...values, inputs: [values.inputs[0]!, values.inputs[0]!] }),
    ).toEqual({
      "inputs.1.key": "Input keys must be unique",
    });
  });

  it("puts the server's refusals on their fields", () => {
    expect(
      moduleFormErrorsFrom(
        new AppError("CONFLICT", "This slug is already used by another module", { field: "slug" }),
      ),
    ).toEqual({ slug: "This slug is already used by another module" });
    expect(
      moduleFormErrorsFrom(
        new AppError("INVALID_ARGS", "x", {
          issues: [{ path: "inputs.0.key", message: "Input key is required" }],
        }),
      ),
    ).toEqual({ "inputs.0.key": "Input key is required" });
    expect(moduleFormErrorsFrom(new AppError("FORBIDDEN", "No"))).toEqual({ form: "No" });
  });
});
