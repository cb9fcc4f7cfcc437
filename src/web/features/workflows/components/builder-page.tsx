import { Link, useNavigate } from "@tanstack/react-router";
import Blocks from "lucide-react/icons/blocks";
import ChevronLeft from "lucide-react/icons/chevron-left";
import MessageSquareText from "lucide-react/icons/message-square-text";
import Save from "lucide-react/icons/save";
import Table2 from "lucide-react/icons/table-2";
import { type FormEvent, useState } from "react";
import { WORKFLOW_LIMITS, type Workflow, type WorkflowStep } from "#shared/schemas/workflow.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useCreateWorkflow, useUpdateWorkflow } from "../hooks/use-workflow-mutations.ts";
import {
  type BuilderState,
  checkBuilder,
  errorsFromServer,
  move,
  newStep,
  type PathErrors,
} from "./builder-state.ts";
import { InputsEditor } from "./inputs-editor.tsx";
import { StepEditor } from "./step-editor.tsx";

const EMPTY: BuilderState = {
  name: "",
  description: "",
  inputs: [],
  steps: [newStep("prompt")],
};

/** /workflows/new (and editing, with `workflow`): name, inputs, ordered steps, test, save. */
export function BuilderPage({ workflow }: { workflow?: Workflow }) {
  usePageTitle(workflow ? `Edit ${workflow.name}` : "New workflow");
  const [state, setState] = useState<BuilderState>(() =>
    workflow
      ? {
          name: workflow.name,
          description: workflow.description,
          inputs: workflow.inputs,
          steps: workflow.steps,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<PathErrors>({});
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [outputs, setOutputs] = useState<Record<number, string>>({});
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const navigate = useNavigate();
  const saving = create.isPending || update.isPending;

  const patch = (next: Partial<BuilderState>) => {
    setState((current) => ({ ...current, ...next }));
    if (Object.keys(errors).length > 0) setErrors({});
  };
  const setStep = (index: number, step: WorkflowStep) =>
    patch({ steps: state.steps.map((s, i) => (i === index ? step : s)) });
  const moveStep = (from: number, to: number) => {
    patch({ steps: move(state.steps, from, to) });
    setOutputs({});
    // Keep focus with the moved step (its buttons are re-rendered in the new place).
    requestAnimationFrame(() =>
      document.querySelectorAll<HTMLElement>("[data-testid=builder-step]")[to]?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkBuilder(state);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const fields = { ...state, description: state.description || undefined };
    try {
      const saved = workflow
        ? await update.mutateAsync({ ...fields, workflowId: workflow._id })
        : await create.mutateAsync(fields);
      await navigate({ to: "/workflows/$slug", params: { slug: saved.slug } });
    } catch (error) {
      setErrors(errorsFromServer(error));
    }
  };

  const test = {
    inputs: state.inputs,
    samples,
    setSample: (key: string, value: string) => setSamples((s) => ({ ...s, [key]: value })),
    outputs,
    setOutput: (index: number, output: string) => setOutputs((o) => ({ ...o, [index]: output })),
  };
  const stepErrors = errors.steps;
  const issueCount = Object.keys(errors).filter((k) => k !== "form").length;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 md:py-12">
      <Link
        to={workflow ? "/workflows/$slug" : "/workflows"}
        params={workflow ? { slug: workflow.slug } : {}}
        className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {workflow ? workflow.name : "Workflows"}
      </Link>
      <PageHeader
        className="mt-4"
        title={workflow ? "Edit workflow" : "New workflow"}
        description="Steps run in order; each can use the run's inputs, its documents and earlier steps' outputs."
      />
      <form onSubmit={submit} noValidate className="mt-8 grid gap-8" data-testid="workflow-builder">
        {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
        {issueCount > 0 ? (
          <Alert variant="error">
            {issueCount === 1 ? "One thing needs fixing" : `${issueCount} things need fixing`}{" "}
            before saving.
          </Alert>
        ) : null}
        <section className="grid gap-4 rounded-xl border bg-card p-6">
          <FormField label="Name" error={errors.name}>
            <Input
              value={state.name}
              maxLength={WORKFLOW_LIMITS.nameMax}
              placeholder="e.g. Contract summary memo"
              onChange={(e) => patch({ name: e.target.value })}
              data-testid="workflow-name"
            />
          </FormField>
          <FormField label="Description (optional)" error={errors.description}>
            <Textarea
              rows={2}
              value={state.description}
              placeholder="What it produces and when to use it"
              onChange={(e) => patch({ description: e.target.value })}
            />
          </FormField>
        </section>
        <section className="grid gap-3" aria-labelledby="inputs-heading">
          <h2 id="inputs-heading" className="font-medium">
            Inputs
          </h2>
          <InputsEditor
            inputs={state.inputs}
            errors={errors}
            onChange={(inputs) => patch({ inputs })}
          />
        </section>
        <section className="grid gap-3" aria-labelledby="steps-heading">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="steps-heading" className="font-medium">
              Steps
            </h2>
            <p className="text-muted-foreground text-xs">Alt + ↑ / ↓ moves the step you are in.</p>
          </div>
          {stepErrors ? (
            <p className="text-destructive text-sm" role="alert">
              {stepErrors}
            </p>
          ) : null}
          <ol className="grid gap-4">
            {state.steps.map((step, index) => (
              <StepEditor
                // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; the index is their place
                key={index}
                step={step}
                index={index}
                count={state.steps.length}
                errors={errors}
                test={test}
                onChange={(next) => setStep(index, next)}
                onMove={(to) => moveStep(index, to)}
                onRemove={() => {
                  patch({ steps: state.steps.filter((_, i) => i !== index) });
                  setOutputs({});
                }}
              />
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            {(
              [
                ["prompt", "Add prompt step", MessageSquareText],
                ["module", "Add module step", Blocks],
                ["table", "Add review table step", Table2],
              ] as const
            ).map(([kind, label, Icon]) => (
              <Button
                key={kind}
                type="button"
                variant="outline"
                size="sm"
                disabled={state.steps.length >= WORKFLOW_LIMITS.stepsMax}
                onClick={() => patch({ steps: [...state.steps, newStep(kind)] })}
                data-testid={`add-${kind}-step`}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            ))}
          </div>
        </section>
        <div className="flex items-center gap-3 border-t pt-6">
          <Button type="submit" disabled={saving} data-testid="workflow-save">
            {saving ? <Spinner /> : <Save aria-hidden="true" />}
            {workflow ? "Save changes" : "Save workflow"}
          </Button>
          <Button asChild variant="ghost">
            <Link
              to={workflow ? "/workflows/$slug" : "/workflows"}
              params={workflow ? { slug: workflow.slug } : {}}
            >
              Cancel
            </Link>
          </Button>
        </div>
      </form>
    </div>
  );
}
