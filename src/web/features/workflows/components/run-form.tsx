import { useNavigate } from "@tanstack/react-router";
import { FileText, Play, Plus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { checkModuleInputs } from "#shared/rules/module-inputs.ts";
import { WORKFLOW_LIMITS, type Workflow } from "#shared/schemas/workflow.ts";
import {
  DocumentPickerDialog,
  type PickedDocument,
} from "../../../components/document-picker-dialog.tsx";
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
  const [picking, setPicking] = useState(false);
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
        <div className="rounded-md border border-input border-dashed bg-background/30 p-2">
          {documents.length > 0 ? (
            <ul className="mb-2 grid gap-1">
              {documents.map((d) => (
                <li
                  key={d._id}
                  className="flex items-center gap-2 rounded-md bg-muted/50 px-2.5 py-1.5 text-[13px]"
                >
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">{d.name}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${d.name}`}
                    onClick={() => setDocuments(documents.filter((x) => x._id !== d._id))}
                    className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                  >
                    <X className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setPicking(true)}
            data-testid="run-choose-documents"
          >
            <Plus aria-hidden="true" />
            {documents.length > 0 ? "Change documents" : "Choose documents"}
          </Button>
        </div>
        {errors.documentIds ? (
          <p className="text-destructive text-xs">{errors.documentIds}</p>
        ) : null}
      </div>
      <DocumentPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title="Documents for this run"
        chosen={documents}
        max={WORKFLOW_LIMITS.documentsMax}
        onChoose={setDocuments}
      />
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
