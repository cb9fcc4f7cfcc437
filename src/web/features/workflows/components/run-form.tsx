import { useNavigate } from "@tanstack/react-router";
import Play from "lucide-react/icons/play";
import { type FormEvent, useState } from "react";
import { checkModuleInputs } from "#shared/rules/module-inputs.ts";
import { WORKFLOW_LIMITS, type Workflow } from "#shared/schemas/workflow.ts";
import { ChosenDocuments } from "../../../components/chosen-documents.tsx";
import type { PickedDocument } from "../../../components/document-picker-dialog.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useRunWorkflow } from "../hooks/use-workflow-mutations.ts";
import { errorsFromServer } from "./builder-state.ts";

/** The run form of /workflows/{slug}: the workflow's inputs, the documents, "Run". */
export function RunForm({ workflow }: { workflow: Workflow }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [documents, setDocuments] = useState<PickedDocument[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useRunWorkflow();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = Object.fromEntries(
      workflow.inputs.map((input) => [
        input.key,
        values[input.key]?.trim() ? values[input.key] : null,
      ]),
    );
    const checked = checkModuleInputs(workflow.inputs, raw);
    if (checked.issues.length > 0) {
      setErrors(Object.fromEntries(checked.issues.map((i) => [`inputs.${i.key}`, i.message])));
      return;
    }
    setErrors({});
    try {
      const { runId } = await run.mutateAsync({
        slug: workflow.slug,
        inputs: checked.values,
        documentIds: documents.map((d) => d._id),
      });
      await navigate({
        to: "/workflows/$slug",
        params: { slug: workflow.slug },
        search: { run: runId },
      });
    } catch (error) {
      setErrors(errorsFromServer(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="workflow-run-form">
      {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
      {workflow.inputs.map((input) => {
        const value = values[input.key] ?? "";
        const set = (v: string) => setValues((c) => ({ ...c, [input.key]: v }));
        const label = input.required ? input.label : `${input.label} (optional)`;
        return (
          <FormField
            key={input.key}
            label={label}
            error={errors[`inputs.${input.key}`]}
            description={input.helpText}
          >
            {input.type === "longText" ? (
              <Textarea
                rows={4}
                value={value}
                onChange={(e) => set(e.target.value)}
                data-testid={`run-input-${input.key}`}
              />
            ) : input.type === "choice" ? (
              <select
                className={selectClass}
                value={value}
                onChange={(e) => set(e.target.value)}
                data-testid={`run-input-${input.key}`}
              >
                <option value="">Choose…</option>
                {(input.options ?? []).map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                type={input.type === "date" ? "date" : "text"}
                inputMode={input.type === "number" ? "decimal" : undefined}
                value={value}
                onChange={(e) => set(e.target.value)}
                data-testid={`run-input-${input.key}`}
              />
            )}
          </FormField>
        );
      })}
      <div className="grid gap-2">
        <span className="font-medium text-sm">Documents (optional)</span>
        <ChosenDocuments
          value={documents}
          onChange={setDocuments}
          title="Documents for this run"
          max={WORKFLOW_LIMITS.documentsMax}
          invalid={Boolean(errors.documentIds)}
          chooseTestId="run-choose-documents"
        />
        {errors.documentIds ? (
          <p className="text-destructive text-xs">{errors.documentIds}</p>
        ) : null}
      </div>
      <div className="flex items-center gap-3 border-t pt-4">
        <Button type="submit" disabled={run.isPending} data-testid="workflow-run-submit">
          {run.isPending ? <Spinner /> : <Play aria-hidden="true" />}
          Run
        </Button>
        <p className="text-muted-foreground text-xs">You can leave the page while it runs.</p>
      </div>
    </form>
  );
}
