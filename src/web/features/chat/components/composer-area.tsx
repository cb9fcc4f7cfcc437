import Paperclip from "lucide-react/icons/paperclip";
import { type RefObject, useState } from "react";
import {
  DocumentPickerDialog,
  type PickedDocument,
} from "../../../components/document-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import type { useModelChoice } from "../hooks/use-model-choice.ts";
import { usePromptCommand } from "../hooks/use-prompt-command.ts";
import type { useThreadDocuments } from "../hooks/use-thread-documents.ts";
import { Composer } from "./composer.tsx";
import { AttachedDocuments } from "./documents/attached-documents.tsx";
import { ModelSelector } from "./model-selector.tsx";
import { NoModelNotice } from "./no-model-notice.tsx";
import { PromptCommandMenu } from "./prompt-command-menu.tsx";
import { DictateButton } from "./voice/dictate-button.tsx";

/** The most documents one attach takes (threads.attachDocuments). */
const ATTACH_MAX = 50;
const NONE_CHOSEN: PickedDocument[] = [];

interface ComposerAreaProps {
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  /** The new chat's thread is being created. */
  creating: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  model: ReturnType<typeof useModelChoice>;
  documents: ReturnType<typeof useThreadDocuments>;
}

/** The bottom of a conversation: the no-model notice, the message box, its tools and attachments. */
export function ComposerArea({
  draft,
  onDraftChange,
  onSend,
  onStop,
  busy,
  creating,
  inputRef,
  model,
  documents,
}: ComposerAreaProps) {
  const [attaching, setAttaching] = useState(false);
  const unavailable = model.noModels || model.error !== null;
  const attachedIds = new Set(documents.documents.map((d) => d._id));
  const command = usePromptCommand({ draft, setDraft: onDraftChange, inputRef });

  return (
    <div className="shrink-0 px-4 pb-4 md:px-6">
      <div className="mx-auto w-full max-w-3xl">
        {unavailable ? <NoModelNotice error={model.error?.message} /> : null}
        <Composer
          value={draft}
          onChange={onDraftChange}
          onSend={onSend}
          onStop={onStop}
          busy={busy}
          disabled={unavailable || model.isLoading || creating}
          placeholder={
            unavailable
              ? "Chat is unavailable until a model is configured"
              : "Ask anything about your documents…"
          }
          inputRef={inputRef}
          menu={<PromptCommandMenu command={command} />}
          onMenuKeyDown={command.onKeyDown}
          attachments={
            <AttachedDocuments
              documents={documents.documents}
              onDetach={documents.remove}
              disabled={busy}
            />
          }
          tools={
            <>
              <Tooltip content="Attach documents">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Attach documents"
                  onClick={() => setAttaching(true)}
                  data-testid="attach-documents"
                >
                  <Paperclip aria-hidden="true" />
                </Button>
              </Tooltip>
              <DictateButton
                disabled={unavailable || creating}
                onText={(text) => {
                  onDraftChange(draft.trim() ? `${draft.trimEnd()} ${text}` : text);
                  inputRef.current?.focus();
                }}
              />
              {model.models.length > 0 ? (
                <ModelSelector
                  models={model.models}
                  value={model.modelId}
                  onChange={model.pick}
                  disabled={busy}
                />
              ) : null}
            </>
          }
        />
        <p className="mt-2 text-center text-[11.5px] text-muted-foreground/80">
          Answers are written by AI and can be wrong. Check important facts against the cited
          sources.
        </p>
      </div>
      <DocumentPickerDialog
        open={attaching}
        onOpenChange={setAttaching}
        title="Attach documents"
        description="The assistant reads and cites the documents you attach to this conversation."
        chosen={NONE_CHOSEN}
        attachedIds={attachedIds}
        max={ATTACH_MAX}
        confirmLabel={(count) => (count > 1 ? `Attach ${count} documents` : "Attach")}
        onChoose={(_chosen, picked) => documents.add(picked)}
      />
    </div>
  );
}
