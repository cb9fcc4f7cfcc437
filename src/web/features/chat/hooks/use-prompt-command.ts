import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import type { Prompt } from "#shared/schemas/prompt.ts";
import { promptsOptions } from "../../../lib/shared-queries.ts";

/** The message box holds only `/` and a word: the prompt library is offered. */
const COMMAND = /^\/(\S*)$/;
const PLACEHOLDER = /\{\{[^}]*\}\}/;
const MAX_SHOWN = 8;

interface PromptCommandOptions {
  draft: string;
  setDraft: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * Typing `/` in the message box offers the prompt library, filtered by the
 * word after it; ArrowUp/ArrowDown choose, Enter or Tab takes one, Escape
 * closes. A prompt taken replaces the text, with its first `{{variable}}`
 * selected so typing fills it.
 */
export function usePromptCommand({ draft, setDraft, inputRef }: PromptCommandOptions) {
  const match = COMMAND.exec(draft);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = match !== null && dismissed !== draft;
  const prompts = useQuery({ ...promptsOptions(), enabled: match !== null });
  const word = (match?.[1] ?? "").toLowerCase();
  const items = open
    ? (prompts.data ?? [])
        .filter((p) => `${p.title} ${p.category ?? ""}`.toLowerCase().includes(word))
        .slice(0, MAX_SHOWN)
    : [];
  const current = Math.min(active, Math.max(items.length - 1, 0));

  // The selection to make once the box shows the prompt taken: in a layout effect, after
  // React has written the text, not in a frame callback (a background tab may run none).
  const pendingSelection = useRef<{ text: string; start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const pending = pendingSelection.current;
    const input = inputRef.current;
    if (!pending || !input || input.value !== pending.text) return;
    pendingSelection.current = null;
    input.focus();
    input.setSelectionRange(pending.start, pending.end);
  });

  const pick = (prompt: Prompt) => {
    const found = PLACEHOLDER.exec(prompt.body);
    pendingSelection.current = found
      ? { text: prompt.body, start: found.index, end: found.index + found[0].length }
      : { text: prompt.body, start: prompt.body.length, end: prompt.body.length };
    setDraft(prompt.body);
    setActive(0);
  };

  /** Keys the menu takes; true when it took this one (the box must not act on it). */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || items.length === 0) {
      if (open && event.key === "Escape") {
        setDismissed(draft);
        return true;
      }
      return false;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + items.length) % items.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      pick(items[current]!);
      return true;
    }
    if (event.key === "Escape") {
      setDismissed(draft);
      return true;
    }
    return false;
  };

  return {
    open,
    loading: open && prompts.isPending,
    items,
    active: current,
    pick,
    onKeyDown,
  };
}
