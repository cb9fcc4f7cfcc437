import FlaskConical from "lucide-react/icons/flask-conical";
import { useState } from "react";
import type { WorkflowInput, WorkflowStep } from "#shared/schemas/workflow.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useTestStep } from "../hooks/use-workflow-mutations.ts";
import { StepOutput } from "./step-output.tsx";

/** What a test runs with: sample input values (shared by every step) and earlier steps' test outputs. */
export interface TestContext {
  inputs: WorkflowInput[];
  samples: Record<string, string>;
  setSample: (key: string, value: string) => void;
  outputs: Record<number, string>;
  setOutput: (index: number, output: string) => void;
}

/** "Test this step": the prompt on sample values, its output shown (and kept for later steps' tests). */
export function StepTestPanel({
  step,
  index,
  context,
}: {
  step: Extract<WorkflowStep, { kind: "prompt" }>;
  index: number;
  context: TestContext;
}) {
  const [open, setOpen] = useState(false);
  const test = useTestStep();
  const output = context.outputs[index];
  const run = async () => {
    const previousOutputs = Array.from({ length: index }, (_, i) => context.outputs[i] ?? "");
    const inputs = Object.fromEntries(
      context.inputs.map((input) => [input.key, context.samples[input.key] || null]),
    );
    const answer = await test.mutateAsync({ step, inputs, previousOutputs });
    context.setOutput(index, answer.output);
  };
  if (!open) {
    return (
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          data-testid="test-step-open"
        >
          <FlaskConical aria-hidden="true" />
          Test this step
        </Button>
      </div>
    );
  }
  return (
    <div
      className="grid gap-3 rounded-lg border border-dashed bg-background/40 p-3"
      data-testid="test-step-panel"
    >
      {context.inputs.length > 0 ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {context.inputs.map((input) => (
            // biome-ignore lint/a11y/noLabelWithoutControl: the Input inside is its control
            <label key={input.key} className="grid gap-1 text-xs">
              <span className="text-muted-foreground">Sample {input.label || input.key}</span>
              <Input
                value={context.samples[input.key] ?? ""}
                onChange={(e) => context.setSample(input.key, e.target.value)}
              />
            </label>
          ))}
        </div>
      ) : null}
      {index > 0 ? (
        <p className="text-muted-foreground text-xs">
          Earlier steps' outputs come from their own tests (test them first), else they are empty.
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() => void run().catch(() => undefined)}
          disabled={test.isPending || !step.prompt.trim()}
          data-testid="test-step-run"
        >
          {test.isPending ? <Spinner /> : <FlaskConical aria-hidden="true" />}
          {test.isPending ? "Testing…" : "Run test"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      {test.error ? <Alert variant="error">{test.error.message}</Alert> : null}
      {output !== undefined ? (
        <div
          className="rounded-md border bg-card p-3"
          data-testid="test-step-output"
          aria-live="polite"
        >
          <StepOutput text={output} />
        </div>
      ) : null}
    </div>
  );
}
