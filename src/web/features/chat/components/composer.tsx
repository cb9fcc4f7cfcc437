import ArrowUp from "lucide-react/icons/arrow-up";
import Square from "lucide-react/icons/square";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
} from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  /** An answer is streaming: the send button becomes Stop. */
  busy: boolean;
  /** Nothing can be sent (no model, or a thread being created). */
  disabled: boolean;
  placeholder: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Attached documents, above the text. */
  attachments?: ReactNode;
  /** Buttons at the bottom left (attach, model). */
  tools?: ReactNode;
  /** A menu shown above the box (the `/` prompt library). */
  menu?: ReactNode;
  /** Keys a menu takes before the box acts on them; true when taken. */
  onMenuKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
}

const MAX_HEIGHT_PX = 240;

/** The message box: Enter sends, Shift+Enter starts a new line; Stop while an answer streams. */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  busy,
  disabled,
  placeholder,
  inputRef,
  attachments,
  tools,
  menu,
  onMenuKeyDown,
}: ComposerProps) {
  const canSend = !disabled && !busy && value.trim().length > 0;

  // Grow with the text, up to a limit, then scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the value.
  useLayoutEffect(() => {
    const element = inputRef.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value, inputRef]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onMenuKeyDown?.(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Escape" && busy) {
      event.preventDefault();
      onStop();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Send a message"
      className={cn(
        "relative rounded-2xl border bg-card shadow-[0_1px_2px_rgb(0_0_0/0.08),0_8px_24px_-12px_rgb(0_0_0/0.25)] transition-[border-color,box-shadow]",
        "focus-within:border-ring/60 focus-within:ring-3 focus-within:ring-ring/15",
        disabled && "opacity-75",
      )}
      data-testid="composer"
    >
      {menu}
      {attachments}
      <label htmlFor="chat-composer-input" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-composer-input"
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        disabled={disabled}
        rows={1}
        className="block max-h-60 min-h-12 w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[14.5px] leading-relaxed outline-none placeholder:text-muted-foreground/70 disabled:cursor-not-allowed"
        data-testid="composer-input"
      />
      <div className="flex items-center gap-1.5 px-2.5 pt-1 pb-2.5">
        <div className="flex min-w-0 flex-1 items-center gap-1">{tools}</div>
        {busy ? (
          <Tooltip content="Stop answering">
            <Button
              type="button"
              size="icon"
              variant="secondary"
              onClick={onStop}
              aria-label="Stop answering"
              className="rounded-full"
              data-testid="stop"
            >
              <Square aria-hidden="true" className="fill-current [&]:size-3" />
            </Button>
          </Tooltip>
        ) : (
          <Tooltip content="Send" shortcut="Enter">
            <Button
              type="submit"
              size="icon"
              disabled={!canSend}
              aria-label="Send message"
              className="rounded-full"
              data-testid="send"
            >
              <ArrowUp aria-hidden="true" />
            </Button>
          </Tooltip>
        )}
      </div>
    </form>
  );
}
