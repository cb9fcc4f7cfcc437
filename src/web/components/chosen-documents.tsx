import FileText from "lucide-react/icons/file-text";
import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { DocumentPickerDialog, type PickedDocument } from "./document-picker-dialog.tsx";
import { Button } from "./ui/button.tsx";
import { cn } from "./ui/cn.ts";

interface ChosenDocumentsProps {
  value: PickedDocument[];
  onChange: (documents: PickedDocument[]) => void;
  /** The picker's title. */
  title: string;
  max: number;
  invalid?: boolean;
  testId?: string;
  chooseTestId?: string;
}

/** The documents a run will read: a list with Remove on each, and the picker to choose them. */
export function ChosenDocuments({
  value,
  onChange,
  title,
  max,
  invalid,
  testId,
  chooseTestId,
}: ChosenDocumentsProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div
        className={cn(
          "rounded-md border border-input border-dashed bg-background/30 p-2",
          invalid && "border-destructive",
        )}
        data-testid={testId}
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
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setOpen(true)}
          data-testid={chooseTestId}
        >
          <Plus aria-hidden="true" />
          {value.length > 0 ? "Change documents" : "Choose documents"}
        </Button>
      </div>
      <DocumentPickerDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        chosen={value}
        max={max}
        onChoose={onChange}
      />
    </>
  );
}
