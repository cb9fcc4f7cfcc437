import { isAppError } from "#shared/errors.ts";
import { DEFAULT_ERROR_MESSAGE } from "../error-messages.ts";

/** A form's errors: one message per field, and `form` for the whole form. */
export type FieldErrors<V> = Partial<Record<Extract<keyof V, string> | "form", string>>;

/** The server's issues: `{path: "a.b", message}` (INVALID_ARGS); arrays are accepted too. */
interface Issue {
  path: string | unknown[];
  message: string;
}

const isIssue = (value: unknown): value is Issue =>
  typeof value === "object" &&
  value !== null &&
  "path" in value &&
  (typeof value.path === "string" || Array.isArray(value.path)) &&
  "message" in value &&
  typeof value.message === "string";

const lastSegment = (path: Issue["path"]) =>
  String((typeof path === "string" ? path.split(".") : path).at(-1) ?? "");

/**
 * Turns an error thrown by a submit handler into errors for the form: the
 * server's validation issues go to their fields, an error naming a `field` goes
 * there, anything else is shown for the whole form with the server's message.
 */
export function formErrorFrom<V>(error: unknown, fields: string[]): FieldErrors<V> {
  const result: Partial<Record<string, string>> = {};
  if (isAppError(error)) {
    const issues = Array.isArray(error.data.issues) ? error.data.issues.filter(isIssue) : [];
    for (const issue of issues) {
      const key = lastSegment(issue.path);
      if (fields.includes(key)) result[key] ??= issue.message;
    }
    const field = error.data.field;
    if (typeof field === "string" && fields.includes(field)) result[field] = error.message;
  }
  if (Object.keys(result).length === 0) {
    result.form =
      error instanceof Error && error.message && !(isAppError(error) && error.code === "INTERNAL")
        ? error.message
        : DEFAULT_ERROR_MESSAGE;
  }
  return result as FieldErrors<V>;
}
