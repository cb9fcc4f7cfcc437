import { isAppError } from "#shared/errors.ts";
import { DEFAULT_ERROR_MESSAGE } from "../../../components/error-view.tsx";
import type { ModuleFormErrors } from "./module-form-values.ts";

/**
 * A refused save as the form's errors: the server's issues on their paths
 * (INVALID_ARGS), an error naming a field (a taken slug) there, anything else
 * for the whole form.
 */
export function moduleFormErrorsFrom(error: unknown): ModuleFormErrors {
  const errors: ModuleFormErrors = {};
  if (isAppError(error)) {
    const issues = Array.isArray(error.data.issues) ? error.data.issues : [];
    for (const issue of issues) {
      if (
        typeof issue === "object" &&
        issue !== null &&
        typeof issue.path === "string" &&
        typeof issue.message === "string"
      ) {
        errors[issue.path || "form"] ??= issue.message;
      }
    }
    if (typeof error.data.field === "string") errors[error.data.field] = error.message;
  }
  if (Object.keys(errors).length === 0) {
    errors.form =
      error instanceof Error && error.message && !(isAppError(error) && error.code === "INTERNAL")
        ? error.message
        : DEFAULT_ERROR_MESSAGE;
  }
  return errors;
}
