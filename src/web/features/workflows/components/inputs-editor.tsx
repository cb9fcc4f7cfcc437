import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { slugify } from "#shared/rules/slug.ts";
import type { WorkflowInput } from "#shared/schemas/workflow.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { errorsUnder, type PathErrors } from "./builder-state.ts";

const TYPES = [
  ["text", "Short text"],
  ["longText", "Long text"],
  ["choice", "Choice"],
  ["date", "Date"],
  ["number", "Number"],
] as const;

const keyFrom = (label: string) => {
  const base = slugify(label, "input").replace(/-/g, "_");
  return /^[a-z]/.test(base) ? base.slice(0, 40) : `input_${base}`.slice(0, 40);
};

/** The workflow's inputs, like a module's: what the run form asks for, used as {{inputs.key}}. */
export function InputsEditor({
  inputs,
  errors,
  onChange,
}: {
  inputs: WorkflowInput[];
  errors: PathErrors;
  onChange: (inputs: WorkflowInput[]) => void;
}) {
  const set = (index: number, patch: Partial<WorkflowInput>) =>
    onChange(inputs.map((input, i) => (i === index ? { ...input, ...patch } : input)));
  return (
    <div className="grid gap-3">
      {inputs.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No inputs: the run form will only ask for documents.
        </p>
      ) : null}
      {inputs.map((input, index) => {
        const messages = errorsUnder(errors, `inputs.${index}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: inputs are edited in place; the index is their place
          <div key={index} className="grid gap-2 rounded-lg border bg-background/40 p-3">
            <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto_auto] sm:items-center">
              <Input
                aria-label={`Input ${index + 1} label`}
                placeholder="Label, e.g. Client"
                value={input.label}
                onChange={(e) =>
                  set(index, { label: e.target.value, key: keyFrom(e.target.value) })
                }
              />
              <select
                aria-label={`Input ${index + 1} type`}
                className={selectClass}
                value={input.type}
                onChange={(e) => set(index, { type: e.target.value as WorkflowInput["type"] })}
              >
                {TYPES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={input.required}
                  onChange={(e) => set(index, { required: e.target.checked })}
                />
                Required
              </label>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove input ${input.label || index + 1}`}
                onClick={() => onChange(inputs.filter((_, i) => i !== index))}
              >
                <Trash2 />
              </Button>
            </div>
            {input.type === "choice" ? (
              <Input
                aria-label={`Input ${index + 1} options`}
                placeholder="Options, separated by commas"
                value={(input.options ?? []).join(", ")}
                onChange={(e) =>
                  set(index, {
                    options: e.target.value
                      .split(",")
                      .map((o) => o.trim())
                      .filter(Boolean),
                  })
                }
              />
            ) : null}
            <p className="text-muted-foreground text-xs">
              Use it as{" "}
              <code className="rounded bg-muted px-1">{`{{inputs.${input.key || "key"}}}`}</code>
            </p>
            {messages.map((m) => (
              <p key={m} className="text-destructive text-xs" role="alert">
                {m}
              </p>
            ))}
          </div>
        );
      })}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={inputs.length >= 20}
          onClick={() =>
            onChange([...inputs, { key: "", label: "", type: "text", required: true }])
          }
        >
          <Plus aria-hidden="true" />
          Add input
        </Button>
      </div>
    </div>
  );
}
