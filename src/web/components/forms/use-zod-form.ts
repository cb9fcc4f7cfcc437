import { type ChangeEvent, type FormEvent, useCallback, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, formErrorFrom } from "./form-errors.ts";

/**
 * A small form state helper for string fields validated by a shared zod schema:
 * the first message of each field is shown by that field; a thrown error from
 * the submit handler becomes a field or form error (see form-errors.ts).
 */
export function useZodForm<V extends Record<string, string>, O>(
  schema: z.ZodType<O, V>,
  initialValues: V,
) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);

  const field = (name: Extract<keyof V, string>) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      setErrors((prev) =>
        prev[name] || prev.form ? { ...prev, [name]: undefined, form: undefined } : prev,
      );
    },
  });

  /** Set one field from outside an input (a picker), clearing its error. */
  const setValue = (name: Extract<keyof V, string>, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) =>
      prev[name] || prev.form ? { ...prev, [name]: undefined, form: undefined } : prev,
    );
  };

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);

  const handleSubmit = (onValid: (data: O) => Promise<void> | void) => async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const result = schema.safeParse(values);
    if (!result.success) {
      const next: FieldErrors<V> = {};
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? "form") as Extract<keyof V, string> | "form";
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.data);
    } catch (error) {
      setErrors(formErrorFrom<V>(error, Object.keys(values)));
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, setErrors, submitting, field, setValue, reset, handleSubmit };
}
