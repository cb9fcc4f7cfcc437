import { useQuery } from "@tanstack/react-query";
import { parsePromptVariables } from "#shared/rules/prompt-variables.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { moduleModelsOptions } from "../api/admin-module-queries.ts";

interface PromptTemplateFieldProps {
  template: string;
  onTemplateChange: (template: string) => void;
  modelId: string;
  onModelChange: (modelId: string) => void;
  /** The inputs' keys: the variables the template may use. */
  keys: string[];
  errors: { template?: string; model?: string };
}

/** A built-in module's template (with its variables) and model. */
export function PromptTemplateField({
  template,
  onTemplateChange,
  modelId,
  onModelChange,
  keys,
  errors,
}: PromptTemplateFieldProps) {
  const models = useQuery(moduleModelsOptions());
  const used = parsePromptVariables(template);
  const known = new Set(keys.filter((key) => key.trim() !== ""));
  const unknown = used.filter((name) => !known.has(name));
  const offered = models.data?.models ?? [];
  const insert = (key: string) =>
    onTemplateChange(`${template}${template && !/\s$/.test(template) ? " " : ""}{{${key}}}`);
  return (
    <div className="grid gap-4">
      <FormField
        label="Prompt template"
        error={errors.template}
        description="The model receives this text, with each {{key}} replaced by the member's input, and the selected documents."
      >
        <Textarea
          value={template}
          onChange={(e) => onTemplateChange(e.target.value)}
          rows={8}
          className="font-mono text-[13px] leading-relaxed"
          data-testid="module-form-template"
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <span className="text-muted-foreground">Variables:</span>
        {known.size === 0 ? (
          <span className="text-muted-foreground">add inputs to get variables</span>
        ) : (
          [...known].map((key) => (
            <button
              key={key}
              type="button"
              onClick={() => insert(key)}
              title="Insert into the template"
              className="rounded-md border border-primary/25 bg-primary/10 px-1.5 py-0.5 font-mono text-[11px] text-primary hover:bg-primary/20"
            >
              {`{{${key}}}`}
            </button>
          ))
        )}
      </div>
      {unknown.length > 0 ? (
        <Alert variant="warning" title="Unknown variables" data-testid="module-form-unknown-vars">
          No input has the key {unknown.map((name) => `{{${name}}}`).join(", ")}: it would be sent
          to the model as written.
        </Alert>
      ) : null}
      <FormField label="Model" error={errors.model}>
        <select
          value={modelId}
          onChange={(e) => onModelChange(e.target.value)}
          className={selectClass}
          data-testid="module-form-model"
        >
          <option value="">The organization's default model</option>
          {offered.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
          {modelId && !offered.some((m) => m.id === modelId) ? (
            <option value={modelId}>{modelId} (not available)</option>
          ) : null}
        </select>
      </FormField>
    </div>
  );
}
