import type { ArgsOf } from "#shared/api/define.ts";
import type * as modulesApi from "#shared/api/modules.ts";
import {
  type AdminModule,
  MODULE_ICONS,
  type ModuleInputType,
  type ModuleKind,
  moduleFormSchema,
} from "#shared/schemas/module.ts";

/**
 * The admin module form's state: every field as the inputs hold it (text for
 * numbers, one option per line), turned into modules.create's arguments and
 * checked with the shared schema, so the form shows the server's messages.
 */

export interface InputDraft {
  /** Identity in the editor (keys of the list); not sent. */
  uid: string;
  key: string;
  label: string;
  type: ModuleInputType;
  required: boolean;
  helpText: string;
  /** choice: one option per line. */
  optionsText: string;
  /** documents: most documents; blank for the default. */
  maxDocuments: string;
}

export interface ModuleFormValues {
  name: string;
  slug: string;
  description: string;
  kind: ModuleKind;
  n8nWorkflowId: string;
  endpointUrl: string;
  technicalNotes: string;
  estimatedTimeMinutes: string;
  isActive: boolean;
  categoryId: string;
  icon: string;
  inputs: InputDraft[];
  promptTemplate: string;
  modelId: string;
  organizationIds: string[];
}

export type ModuleFormArgs = ArgsOf<typeof modulesApi.create>;
/** Errors by the issue's path ("name", "inputs.0.key"), and `form` for the whole form. */
export type ModuleFormErrors = Record<string, string>;

let uidCounter = 0;
export const newUid = () => `input-${++uidCounter}`;

export function newInputDraft(): InputDraft {
  return {
    uid: newUid(),
    key: "",
    label: "",
    type: "text",
    required: false,
    helpText: "",
    optionsText: "",
    maxDocuments: "",
  };
}

export function initialFormValues(module?: AdminModule): ModuleFormValues {
  return {
    name: module?.name ?? "",
    slug: module?.slug ?? "",
    description: module?.description ?? "",
    kind: module?.kind ?? "webhook",
    n8nWorkflowId: module?.n8nWorkflowId ?? "",
    endpointUrl: module?.endpointUrl ?? "",
    technicalNotes: module?.technicalNotes ?? "",
    estimatedTimeMinutes: module?.estimatedTimeMinutes?.toString() ?? "",
    isActive: module?.isActive ?? true,
    categoryId: module?.categoryId ?? "",
    icon: module?.icon ?? "",
    inputs: (module?.inputs ?? []).map((input) => ({
      uid: newUid(),
      key: input.key,
      label: input.label,
      type: input.type,
      required: input.required,
      helpText: input.helpText ?? "",
      optionsText: (input.options ?? []).join("\n"),
      maxDocuments: input.maxDocuments?.toString() ?? "",
    })),
    promptTemplate: module?.promptTemplate ?? "",
    modelId: module?.modelId ?? "",
    organizationIds: module?.organizationIds ?? [],
  };
}

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value);
const numberOrUndefined = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** The arguments of modules.create (and update, with moduleId) for these values. */
export function toModuleArgs(values: ModuleFormValues): ModuleFormArgs {
  const webhook = values.kind === "webhook";
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    kind: values.kind,
    n8nWorkflowId: webhook ? values.n8nWorkflowId : undefined,
    endpointUrl: webhook ? values.endpointUrl : undefined,
    technicalNotes: values.technicalNotes,
    estimatedTimeMinutes: numberOrUndefined(values.estimatedTimeMinutes),
    isActive: values.isActive,
    categoryId: values.categoryId,
    icon: MODULE_ICONS.find((icon) => icon === values.icon),
    inputs: values.inputs.map((input) => ({
      key: input.key,
      label: input.label,
      type: input.type,
      required: input.required,
      helpText: blankToUndefined(input.helpText),
      options:
        input.type === "choice"
          ? input.optionsText
              .split("\n")
              .map((line) => line.trim())
              .filter((line) => line !== "")
          : undefined,
      maxDocuments: input.type === "documents" ? numberOrUndefined(input.maxDocuments) : undefined,
    })),
    promptTemplate: webhook ? undefined : values.promptTemplate,
    modelId: webhook ? undefined : blankToUndefined(values.modelId),
    organizationIds: values.organizationIds,
  };
}

/** The shared schema's messages by path; empty when the values are valid. */
export function validateModuleForm(values: ModuleFormValues): ModuleFormErrors {
  const result = moduleFormSchema.safeParse(toModuleArgs(values));
  const errors: ModuleFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    errors[path] ??= issue.message;
  }
  return errors;
}
