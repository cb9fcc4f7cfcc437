import { isAppError } from "#shared/errors.ts";
import type { WorkflowInput, WorkflowStep } from "#shared/schemas/workflow.ts";
import { workflowFormSchema } from "#shared/schemas/workflow.ts";

/** The builder's draft of a workflow: what the form holds before it is saved. */
export interface BuilderState {
  name: string;
  description: string;
  inputs: WorkflowInput[];
  steps: WorkflowStep[];
}

/** Errors by their full path ("steps.1.prompt"), and "form" for the whole form. */
export type PathErrors = Record<string, string>;

export const newStep = (kind: WorkflowStep["kind"]): WorkflowStep =>
  kind === "prompt"
    ? { kind, prompt: "" }
    : kind === "module"
      ? { kind, moduleSlug: "", inputs: {} }
      : { kind, columns: [{ question: "", answerType: "text" }] };

/** The same check as the server (the shared schema), as errors by path. */
export function checkBuilder(state: BuilderState): PathErrors {
  const parsed = workflowFormSchema.safeParse({
    ...state,
    description: state.description || undefined,
  });
  if (parsed.success) return {};
  const errors: PathErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's refusal as errors by path. */
export function errorsFromServer(error: unknown): PathErrors {
  const errors: PathErrors = {};
  if (isAppError(error) && Array.isArray(error.data.issues)) {
    for (const issue of error.data.issues as Array<{ path?: unknown; message?: unknown }>) {
      if (typeof issue.message !== "string") continue;
      const path = Array.isArray(issue.path) ? issue.path.join(".") : String(issue.path ?? "form");
      errors[path] ??= issue.message;
    }
  }
  if (Object.keys(errors).length === 0) {
    errors.form = error instanceof Error ? error.message : "Something went wrong.";
  }
  return errors;
}

/** The messages under one prefix ("steps.2"), each once. */
export function errorsUnder(errors: PathErrors, prefix: string): string[] {
  return [
    ...new Set(
      Object.entries(errors)
        .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
        .map(([, message]) => message),
    ),
  ];
}

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
