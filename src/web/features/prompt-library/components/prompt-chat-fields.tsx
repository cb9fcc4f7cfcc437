import { useQuery } from "@tanstack/react-query";
import FileText from "lucide-react/icons/file-text";
import Paperclip from "lucide-react/icons/paperclip";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { PROMPT_MAX_DOCUMENTS } from "#shared/schemas/prompt.ts";
import {
  DocumentPickerDialog,
  type PickedDocument,
} from "../../../components/document-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { modelListOptions } from "../../../lib/shared-queries.ts";

interface PromptChatFieldsProps {
  modelId: string;
  onModelChange: (modelId: string) => void;
  modelError?: string;
  /** The documents the chat starts with; absent for a global prompt (they belong to one organization). */
  documents?: { value: PickedDocument[]; onChange: (documents: PickedDocument[]) => void };
  testId: string;
}

/** What a chat started from the prompt begins with: a model, and documents of the dossier. */
export function PromptChatFields(props: PromptChatFieldsProps) {
  const models = useQuery(modelListOptions());
  const offered = models.data?.models ?? [];
  const unknown = props.modelId !== "" && !offered.some((m) => m.id === props.modelId);
  return (
    <div className="grid gap-4">
      <FormField
        label="Model"
        error={props.modelError}
        description="The chat starts with this model; the member can still change it."
      >
        <select
          value={props.modelId}
          onChange={(event) => props.onModelChange(event.target.value)}
          data-testid={`${props.testId}-model`}
          className={cn(
            "h-9 w-full rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
          )}
        >
          <option value="">The member's usual model</option>
          {unknown ? (
            <option value={props.modelId}>{props.modelId} (not offered now)</option>
          ) : null}
          {offered.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
        </select>
      </FormField>
      {props.documents ? <PromptDocuments {...props.documents} testId={props.testId} /> : null}
    </div>
  );
}

function PromptDocuments({
  value,
  onChange,
  testId,
}: {
  value: PickedDocument[];
  onChange: (documents: PickedDocument[]) => void;
  testId: string;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="grid gap-2" data-testid={`${testId}-documents`}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-sm">Documents</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setPicking(true)}
          data-testid={`${testId}-attach`}
        >
          <Paperclip aria-hidden="true" />
          {value.length > 0 ? "Change" : "Attach documents"}
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Attached documents">
          {value.map((document) => (
            <li
              key={document._id}
              className="flex h-7 max-w-64 items-center gap-1.5 rounded-md border bg-muted/40 pr-1 pl-2 text-xs"
            >
              <FileText aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="truncate">{document.name}</span>
              <button
                type="button"
                aria-label={`Remove ${document.name}`}
                onClick={() => onChange(value.filter((d) => d._id !== document._id))}
                className="rounded p-0.5 text-muted-foreground hover:text-foreground"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-muted-foreground text-xs">
        {value.length > 0
          ? "Attached to the chat for the members who may read them."
          : `Up to ${PROMPT_MAX_DOCUMENTS} documents the chat starts with.`}
      </p>
      <DocumentPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title="Documents for this prompt"
        chosen={value}
        max={PROMPT_MAX_DOCUMENTS}
        onChoose={onChange}
      />
    </div>
  );
}
