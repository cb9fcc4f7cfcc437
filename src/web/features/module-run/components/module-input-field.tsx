import { FileText, Plus, X } from "lucide-react";
import { useState } from "react";
import { MODULE_MAX_DOCUMENTS, type ModuleInput } from "#shared/schemas/module.ts";
import {
  DocumentPickerDialog,
  type PickedDocument,
} from "../../../components/document-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
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
  const [open, setOpen] = useState(false);
  const max = input.maxDocuments ?? MODULE_MAX_DOCUMENTS;
  return (
    <>
      <FormField label={label} error={error} description={input.helpText}>
        <div
          className={cn(
            "rounded-md border border-input border-dashed bg-background/30 p-2",
            error && "border-destructive",
          )}
          data-testid={`module-input-${input.key}`}
        >
          {value.length > 0 ? (
            <ul className="mb-2 grid gap-1">
              {value.map((document) => (
                <li
                  key={document._id}
                  className="flex items-center gap-2 rounded-md bg-muted/50 px-2.5 py-1.5 text-[13px]"
                >
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">{document.name}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${document.name}`}
                    onClick={() => onChange(value.filter((d) => d._id !== document._id))}
                    className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                  >
                    <X className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" />
            {value.length > 0 ? "Change documents" : "Choose documents"}
          </Button>
        </div>
      </FormField>
      <DocumentPickerDialog
        open={open}
        onOpenChange={setOpen}
        title={input.label}
        chosen={value}
        max={max}
        onChoose={onChange}
      />
    </>
  );
}
