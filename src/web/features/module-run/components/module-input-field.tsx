import { MODULE_MAX_DOCUMENTS, type ModuleInput } from "#shared/schemas/module.ts";
import { ChosenDocuments } from "../../../components/chosen-documents.tsx";
import type { PickedDocument } from "../../../components/document-picker-dialog.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";

/** A field's value in the form: text for every type but documents. */
export type FieldValue = string | PickedDocument[];

const controlClass = cn(
  "w-full rounded-md border border-input bg-background/40 px-3 py-2 text-sm shadow-xs outline-none",
  "placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
);

interface ModuleInputFieldProps {
  input: ModuleInput;
  value: FieldValue;
  error?: string;
  onChange: (value: FieldValue) => void;
}

/** One input of a module's run form, by its type. */
export function ModuleInputField({ input, value, error, onChange }: ModuleInputFieldProps) {
  const label = input.required ? input.label : `${input.label} (optional)`;
  const testId = `module-input-${input.key}`;
  if (input.type === "documents") {
    return (
      <DocumentsField
        input={input}
        label={label}
        value={Array.isArray(value) ? value : []}
        error={error}
        onChange={onChange}
      />
    );
  }
  const text = typeof value === "string" ? value : "";
  const control =
    input.type === "longText" ? (
      <textarea
        rows={5}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className={controlClass}
        data-testid={testId}
      />
    ) : input.type === "choice" ? (
      <select
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className={cn(controlClass, "h-9 py-0")}
        data-testid={testId}
      >
        <option value="">Choose…</option>
        {(input.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    ) : (
      <Input
        type={input.type === "date" ? "date" : "text"}
        inputMode={input.type === "number" ? "decimal" : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    );
  return (
    <FormField label={label} error={error} description={input.helpText}>
      {control}
    </FormField>
  );
}

function DocumentsField({
  input,
  label,
  value,
  error,
  onChange,
}: {
  input: ModuleInput;
  label: string;
  value: PickedDocument[];
  error?: string;
  onChange: (value: FieldValue) => void;
}) {
  return (
    <FormField label={label} error={error} description={input.helpText}>
      <ChosenDocuments
        value={value}
        onChange={onChange}
        title={input.label}
        max={input.maxDocuments ?? MODULE_MAX_DOCUMENTS}
        invalid={Boolean(error)}
        testId={`module-input-${input.key}`}
      />
    </FormField>
  );
}
