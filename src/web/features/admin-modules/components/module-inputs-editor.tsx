import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import {
  MODULE_INPUT_TYPES,
  MODULE_MAX_DOCUMENTS,
  MODULE_MAX_INPUTS,
  type ModuleInputType,
} from "#shared/schemas/module.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { type InputDraft, type ModuleFormErrors, newInputDraft } from "./module-form-values.ts";

export const INPUT_TYPE_LABELS: Record<ModuleInputType, string> = {
  text: "Short text",
  longText: "Long text",
  choice: "Choice",
  date: "Date",
  number: "Number",
  documents: "Documents",
};

interface ModuleInputsEditorProps {
  inputs: InputDraft[];
  onChange: (inputs: InputDraft[]) => void;
  errors: ModuleFormErrors;
}

/** The inputs a run asks for: add, remove, reorder, and each one's settings. */
export function ModuleInputsEditor({ inputs, onChange, errors }: ModuleInputsEditorProps) {
  const set = (index: number, patch: Partial<InputDraft>) =>
    onChange(inputs.map((input, i) => (i === index ? { ...input, ...patch } : input)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...inputs];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <div className="grid gap-3" data-testid="module-inputs">
      {inputs.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          No inputs: a run starts without asking anything.
        </p>
      ) : null}
      {inputs.map((input, index) => {
        const error = (field: string) => errors[`inputs.${index}.${field}`];
        return (
          <fieldset
            key={input.uid}
            className="grid gap-3 rounded-lg border bg-background/40 p-4"
            data-testid="module-input"
          >
            <div className="flex items-center justify-between gap-2">
              <legend className="font-medium text-sm">
                {input.label.trim() || `Input ${index + 1}`}
                {input.required ? <span className="ml-1 text-destructive">*</span> : null}
              </legend>
              <div className="flex gap-0.5">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label="Move up"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label="Move down"
                  disabled={index === inputs.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${input.label.trim() || `input ${index + 1}`}`}
                  onClick={() => onChange(inputs.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Label" error={error("label")}>
                <Input
                  value={input.label}
                  onChange={(e) => set(index, { label: e.target.value })}
                  data-testid="module-input-label"
                />
              </FormField>
              <FormField label="Key" error={error("key")}>
                <Input
                  value={input.key}
                  onChange={(e) => set(index, { key: e.target.value })}
                  spellCheck={false}
                  className="font-mono text-[13px]"
                  data-testid="module-input-key"
                />
              </FormField>
              <FormField label="Type" error={error("type")}>
                <select
                  value={input.type}
                  onChange={(e) => set(index, { type: e.target.value as ModuleInputType })}
                  className={selectClass}
                  data-testid="module-input-type"
                >
                  {MODULE_INPUT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {INPUT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <FormField label="Help text" error={error("helpText")}>
              <Input
                value={input.helpText}
                onChange={(e) => set(index, { helpText: e.target.value })}
                placeholder="Shown under the field when a member runs the module"
              />
            </FormField>
            {input.type === "choice" ? (
              <FormField label="Options" error={error("options")} description="One option per line">
                <Textarea
                  value={input.optionsText}
                  onChange={(e) => set(index, { optionsText: e.target.value })}
                  rows={3}
                  data-testid="module-input-options"
                />
              </FormField>
            ) : null}
            {input.type === "documents" ? (
              <FormField
                label="Most documents"
                error={error("maxDocuments")}
                description={`Blank allows up to ${MODULE_MAX_DOCUMENTS}`}
              >
                <Input
                  type="number"
                  min={1}
                  max={MODULE_MAX_DOCUMENTS}
                  value={input.maxDocuments}
                  onChange={(e) => set(index, { maxDocuments: e.target.value })}
                  className="w-32"
                />
              </FormField>
            ) : null}
            <label className="flex w-fit items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={input.required}
                onChange={(e) => set(index, { required: e.target.checked })}
                className="size-4 accent-primary"
              />
              Required
            </label>
          </fieldset>
        );
      })}
      {errors.inputs ? <p className="text-destructive text-xs">{errors.inputs}</p> : null}
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={inputs.length >= MODULE_MAX_INPUTS}
        onClick={() => onChange([...inputs, newInputDraft()])}
        data-testid="module-input-add"
      >
        <Plus aria-hidden="true" />
        Add input
      </Button>
    </div>
  );
}
