/**
 * The variables of a workflow step (decision 028): `{{inputs.key}}` (a value
 * of the run's form), `{{steps.n.output}}` (the output of an earlier step,
 * n counted from 1) and `{{documents}}` (the names of the run's documents).
 * Spaces inside the braces are ignored. Any other `{{…}}` is a mistake the
 * builder reports, never text sent as is.
 */

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const INPUT_REF = /^inputs\.([a-zA-Z][a-zA-Z0-9_]*)$/;
const STEP_REF = /^steps\.(\d{1,3})\.output$/;

export type TemplateRef =
  | { kind: "input"; key: string; raw: string }
  | { kind: "step"; step: number; raw: string }
  | { kind: "documents"; raw: string }
  | { kind: "unknown"; raw: string };

function classify(name: string): TemplateRef {
  const raw = `{{${name}}}`;
  const input = INPUT_REF.exec(name);
  if (input) return { kind: "input", key: input[1]!, raw };
  const step = STEP_REF.exec(name);
  if (step) return { kind: "step", step: Number(step[1]), raw };
  if (name === "documents") return { kind: "documents", raw };
  return { kind: "unknown", raw };
}

/** Every placeholder of a template, in order (repeats included). */
export function templateRefs(template: string): TemplateRef[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => classify(match[1]!));
}

/**
 * What is wrong with the placeholders of step `stepNumber` (1-based): an
 * input the workflow does not declare, a step that is not an earlier one, a
 * name that is not a variable. One message per distinct mistake.
 */
export function checkTemplate(
  template: string,
  options: { stepNumber: number; inputKeys: readonly string[]; stepCount: number },
): string[] {
  const messages = new Set<string>();
  for (const ref of templateRefs(template)) {
    if (ref.kind === "input" && !options.inputKeys.includes(ref.key)) {
      messages.add(`${ref.raw} is not one of this workflow's inputs`);
    } else if (ref.kind === "step") {
      if (ref.step < 1 || ref.step > options.stepCount) {
        messages.add(`${ref.raw}: there is no step ${ref.step}`);
      } else if (ref.step >= options.stepNumber) {
        messages.add(
          ref.step === options.stepNumber
            ? `${ref.raw}: step ${options.stepNumber} cannot use its own output`
            : `${ref.raw}: step ${ref.step} runs after step ${options.stepNumber}; use only earlier steps`,
        );
      }
    } else if (ref.kind === "unknown") {
      messages.add(
        `${ref.raw} is not a variable; use {{inputs.key}}, {{steps.N.output}} or {{documents}}`,
      );
    }
  }
  return [...messages];
}

export interface TemplateValues {
  inputs: Record<string, unknown>;
  /** Outputs of the steps so far, index 0 = step 1. */
  outputs: readonly (string | null | undefined)[];
  documentNames: readonly string[];
  /** How an earlier step's output is placed (prompts mark it as data). */
  wrapOutput?: (step: number, output: string) => string;
}

function inputText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(not given)";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** The template with every known placeholder filled; unknown ones stay as written. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const ref = classify(name);
    if (ref.kind === "input") return inputText(values.inputs[ref.key]);
    if (ref.kind === "documents") {
      return values.documentNames.length > 0 ? values.documentNames.join(", ") : "(no documents)";
    }
    if (ref.kind === "step") {
      const output = values.outputs[ref.step - 1];
      if (output === undefined || output === null) return "(no output)";
      return values.wrapOutput ? values.wrapOutput(ref.step, output) : output;
    }
    return whole;
  });
}
