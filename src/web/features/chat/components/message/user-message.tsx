import Pencil from "lucide-react/icons/pencil";
import { type KeyboardEvent, useState } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { type AtriumMessage, messageText } from "../../lib/chat-message.ts";
import { CopyButton } from "../copy-button.tsx";

interface UserMessageProps {
  message: AtriumMessage;
  /** False while an answer streams: history cannot change under it. */
  canEdit: boolean;
  /** Send the edited text in place of this message; later messages are replaced. */
  onEdit: (text: string) => void;
}

/** A question, right-aligned; it can be copied, or edited and sent again. */
export function UserMessage({ message, canEdit, onEdit }: UserMessageProps) {
  const text = messageText(message);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);

  const submit = () => {
    const next = draft.trim();
    if (!next) return;
    setEditing(false);
    if (next !== text) onEdit(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") setEditing(false);
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (editing) {
    return (
      <div
        className="ml-auto w-full max-w-[85%] rounded-2xl border bg-card p-3 shadow-sm"
        data-testid="edit-message"
      >
        <label htmlFor={`edit-${message.id}`} className="sr-only">
          Edit your message
        </label>
        <textarea
          id={`edit-${message.id}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={Math.min(10, Math.max(2, draft.split("\n").length))}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this message.
          autoFocus
          className="w-full resize-none bg-transparent text-[14.5px] leading-relaxed outline-none"
          data-testid="edit-message-input"
        />
        <div className="mt-2 flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            onClick={submit}
            disabled={!draft.trim()}
            data-testid="edit-message-send"
          >
            Send
          </Button>
        </div>
      </div>
    );
  }

  return (
    <article
      className="group/message flex items-end justify-end gap-1.5"
      data-testid="chat-message"
      data-role="user"
      aria-label="You"
    >
      <div className="flex shrink-0 items-center gap-0.5 opacity-100 transition-opacity md:opacity-0 md:group-focus-within/message:opacity-100 md:group-hover/message:opacity-100">
        <CopyButton text={text} label="Copy message" size="sm" />
        {canEdit ? (
          <Tooltip content="Edit and resend">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Edit message"
              onClick={() => {
                setDraft(text);
                setEditing(true);
              }}
              className="size-7 [&_svg]:size-3.5"
              data-testid="edit-message-button"
            >
              <Pencil aria-hidden="true" />
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <div className="max-w-[80%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-secondary px-4 py-2.5 text-[14.5px] leading-relaxed dark:bg-accent">
        {text}
      </div>
    </article>
  );
}
