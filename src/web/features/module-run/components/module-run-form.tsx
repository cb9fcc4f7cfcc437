import { useNavigate } from "@tanstack/react-router";
import Play from "lucide-react/icons/play";
import { type FormEvent, useState } from "react";
import { checkModuleInputs } from "#shared/rules/module-inputs.ts";
import type { Module } from "#shared/schemas/module.ts";
import { formErrorFrom } from "../../../components/forms/form-errors.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useRunModule } from "../hooks/use-execution-mutations.ts";
import { type FieldValue, ModuleInputField } from "./module-input-field.tsx";

export type FormValues = Record<string, FieldValue>;

/** What the form sends: documents as their ids, blanks as null, the rest as typed. */
function rawInputs(module: Module, values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    module.inputs.map((input) => {
      const value = values[input.key];
      if (input.type === "documents")
        return [input.key, Array.isArray(value) ? value.map((d) => d._id) : []];
      return [input.key, typeof value === "string" && value.trim() !== "" ? value : null];
    }),
  );
}

/**
 * The run form of /modules/{slug}: one field per input, checked with the same
 * rule as the server (checkModuleInputs) before sending; what the server
 * still refuses shows on its field. A run starts and opens its page.
 */
export function ModuleRunForm({ module, initial }: { module: Module; initial: FormValues }) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useRunModule();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = rawInputs(module, values);
    const checked = checkModuleInputs(module.inputs, raw);
    if (checked.issues.length > 0) {
      setErrors(Object.fromEntries(checked.issues.map((i) => [i.key, i.message])));
      return;
    }
    setErrors({});
    try {
      const { executionId } = await run.mutateAsync({
        moduleId: module._id,
        inputs: checked.values,
      });
      await navigate({ to: "/modules/$slug/$id", params: { slug: module.slug, id: executionId } });
    } catch (error) {
      const found = formErrorFrom<Record<string, string>>(
        error,
        module.inputs.map((i) => i.key),
      );
      setErrors(found as Record<string, string>);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" data-testid="module-run-form">
      {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
      {module.inputs.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          This module needs no input: run it as it is.
        </p>
      ) : (
        module.inputs.map((input) => (
          <ModuleInputField
            key={input.key}
            input={input}
            value={values[input.key] ?? (input.type === "documents" ? [] : "")}
            error={errors[input.key]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [input.key]: value }));
              setErrors((current) => {
                const { [input.key]: _, ...rest } = current;
                return rest;
              });
            }}
          />
        ))
      )}
      <div className="flex items-center gap-3 border-t pt-5">
        <Button type="submit" disabled={run.isPending} data-testid="module-run-submit">
          {run.isPending ? <Spinner /> : <Play aria-hidden="true" />}
          Run
        </Button>
        {module.estimatedTimeMinutes ? (
          <p className="text-muted-foreground text-xs">
            Usually takes about {module.estimatedTimeMinutes} minute
            {module.estimatedTimeMinutes === 1 ? "" : "s"}. You can leave the page while it runs.
          </p>
        ) : null}
      </div>
    </form>
  );
}
