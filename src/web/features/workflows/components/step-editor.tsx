import { useQuery } from "@tanstack/react-query";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Blocks from "lucide-react/icons/blocks";
import MessageSquareText from "lucide-react/icons/message-square-text";
import Plus from "lucide-react/icons/plus";
import Table2 from "lucide-react/icons/table-2";
import Trash2 from "lucide-react/icons/trash";
import X from "lucide-react/icons/x";
import type { KeyboardEvent } from "react";
import { WORKFLOW_ANSWER_TYPES, type WorkflowStep } from "#shared/schemas/workflow.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { modelsOptions, modulesOptions } from "../api/workflow-queries.ts";
import { errorsUnder, type PathErrors } from "./builder-state.ts";
import { StepTestPanel, type TestContext } from "./step-test-panel.tsx";

const KIND = {
  prompt: { label: "Prompt", Icon: MessageSquareText },
  module: { label: "Module", Icon: Blocks },
  table: { label: "Review table", Icon: Table2 },
} as const;

const ANSWER_LABELS: Record<(typeof WORKFLOW_ANSWER_TYPES)[number], string> = {
  text: "Free text",
  yesNo: "Yes / No",
  date: "Date",
  number: "Number",
  currency: "Currency",
  choice: "One of a list",
  list: "List of items",
};

interface StepEditorProps {
  step: WorkflowStep;
  index: number;
  count: number;
  errors: PathErrors;
  test: TestContext;
  onChange: (step: WorkflowStep) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One step of the builder: its kind's fields, move up/down (buttons or Alt+arrows), remove. */
export function StepEditor({
  step,
  index,
  count,
  errors,
  test,
  onChange,
  onMove,
  onRemove,
}: StepEditorProps) {
  const { label, Icon } = KIND[step.kind];
  const messages = errorsUnder(errors, `steps.${index}`);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey) return;
    if (event.key === "ArrowUp" && index > 0) {
      event.preventDefault();
      onMove(index - 1);
    } else if (event.key === "ArrowDown" && index < count - 1) {
      event.preventDefault();
      onMove(index + 1);
    }
  };
  return (
    <li
      className="rounded-xl border bg-card"
      aria-label={`Step ${index + 1}: ${label}`}
      onKeyDown={onKeyDown}
      tabIndex={-1}
      data-testid="builder-step"
    >
      <div className="flex items-center gap-3 border-b px-4 py-2.5">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary text-xs">
          {index + 1}
        </span>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        <Input
          aria-label={`Step ${index + 1} title`}
          placeholder={`${label} step`}
          value={step.title ?? ""}
          onChange={(e) => onChange({ ...step, title: e.target.value || undefined })}
          className="h-8 max-w-xs border-transparent bg-transparent shadow-none hover:border-input"
        />
        <div className="ml-auto flex items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move step ${index + 1} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move step ${index + 1} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove step ${index + 1}`}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <div className="grid gap-3 p-4">
        {step.kind === "prompt" ? (
          <PromptFields
            step={step}
            index={index}
            onChange={onChange}
            test={test}
            invalid={Boolean(errors[`steps.${index}.prompt`])}
          />
        ) : step.kind === "module" ? (
          <ModuleFields step={step} index={index} onChange={onChange} />
        ) : (
          <TableFields step={step} index={index} onChange={onChange} />
        )}
        {messages.map((m) => (
          <p key={m} className="text-destructive text-xs" role="alert" data-testid="step-error">
            {m}
          </p>
        ))}
      </div>
    </li>
  );
}

function PromptFields({
  step,
  index,
  test,
  invalid,
  onChange,
}: {
  step: Extract<WorkflowStep, { kind: "prompt" }>;
  index: number;
  test: TestContext;
  invalid: boolean;
  onChange: (step: WorkflowStep) => void;
}) {
  const models = useQuery(modelsOptions());
  return (
    <>
      <Textarea
        aria-label={`Step ${index + 1} prompt`}
        aria-invalid={invalid || undefined}
        rows={5}
        placeholder={
          index === 0
            ? "e.g. List the key terms of {{documents}} for {{inputs.client}}"
            : `e.g. Write a memo from {{steps.${index}.output}}`
        }
        value={step.prompt}
        onChange={(e) => onChange({ ...step, prompt: e.target.value })}
        data-testid="step-prompt"
      />
      <p className="text-muted-foreground text-xs">
        Variables: <code className="rounded bg-muted px-1">{"{{inputs.key}}"}</code>{" "}
        {index > 0 ? <code className="rounded bg-muted px-1">{"{{steps.1.output}}"}</code> : null}{" "}
        <code className="rounded bg-muted px-1">{"{{documents}}"}</code>. The run's documents are
        given to the model as passages.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Model</span>
          <select
            className={`${selectClass} w-56`}
            value={step.modelId ?? ""}
            onChange={(e) => onChange({ ...step, modelId: e.target.value || undefined })}
          >
            <option value="">Organization default</option>
            {(models.data?.models ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <StepTestPanel step={step} index={index} context={test} />
    </>
  );
}

function ModuleFields({
  step,
  index,
  onChange,
}: {
  step: Extract<WorkflowStep, { kind: "module" }>;
  index: number;
  onChange: (step: WorkflowStep) => void;
}) {
  const groups = useQuery(modulesOptions());
  const modules = (groups.data ?? []).flatMap((g) => g.modules);
  const chosen = modules.find((m) => m.slug === step.moduleSlug);
  return (
    <>
      <label className="grid gap-1.5 text-sm">
        <span className="font-medium">Module</span>
        <select
          aria-label={`Step ${index + 1} module`}
          className={selectClass}
          value={step.moduleSlug}
          onChange={(e) => onChange({ ...step, moduleSlug: e.target.value, inputs: {} })}
        >
          <option value="">Choose a module…</option>
          {modules.map((m) => (
            <option key={m._id} value={m.slug}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {chosen
        ? chosen.inputs.map((input) =>
            input.type === "documents" ? (
              <p key={input.key} className="text-muted-foreground text-xs">
                {input.label}: receives the run's documents.
              </p>
            ) : (
              // biome-ignore lint/a11y/noLabelWithoutControl: the Input inside is its control
              <label key={input.key} className="grid gap-1.5 text-sm">
                <span>
                  {input.label}
                  {input.required ? "" : " (optional)"}
                </span>
                <Input
                  placeholder={`e.g. {{steps.${Math.max(1, index)}.output}}`}
                  value={step.inputs[input.key] ?? ""}
                  onChange={(e) =>
                    onChange({ ...step, inputs: { ...step.inputs, [input.key]: e.target.value } })
                  }
                />
              </label>
            ),
          )
        : null}
      <p className="text-muted-foreground text-xs">
        The step waits for the module run; its result is the step's output.
      </p>
    </>
  );
}

function TableFields({
  step,
  index,
  onChange,
}: {
  step: Extract<WorkflowStep, { kind: "table" }>;
  index: number;
  onChange: (step: WorkflowStep) => void;
}) {
  const setColumn = (i: number, patch: Partial<(typeof step.columns)[number]>) =>
    onChange({ ...step, columns: step.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <>
      <p className="text-muted-foreground text-xs">
        A review table over the run's documents: one row per document, one column per question.
      </p>
      {step.columns.map((column, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns have no id; the index is their place
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_10rem_auto]">
          <Input
            aria-label={`Step ${index + 1} column ${i + 1} question`}
            placeholder="Question, e.g. Who are the parties?"
            value={column.question}
            onChange={(e) => setColumn(i, { question: e.target.value })}
          />
          <select
            aria-label={`Step ${index + 1} column ${i + 1} answer type`}
            className={selectClass}
            value={column.answerType}
            onChange={(e) =>
              setColumn(i, { answerType: e.target.value as typeof column.answerType })
            }
          >
            {WORKFLOW_ANSWER_TYPES.map((t) => (
              <option key={t} value={t}>
                {ANSWER_LABELS[t]}
              </option>
            ))}
          </select>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove column ${i + 1}`}
            disabled={step.columns.length === 1}
            onClick={() => onChange({ ...step, columns: step.columns.filter((_, j) => j !== i) })}
          >
            <X />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            onChange({ ...step, columns: [...step.columns, { question: "", answerType: "text" }] })
          }
        >
          <Plus aria-hidden="true" />
          Add column
        </Button>
      </div>
    </>
  );
}
