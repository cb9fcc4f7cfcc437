// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { KeyboardEvent, ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { Prompt } from "#shared/schemas/prompt.ts";
import { promptsOptions } from "../../../lib/shared-queries.ts";
import { usePromptCommand } from "./use-prompt-command.ts";

afterEach(cleanup);

const prompt = (title: string, body: string): Prompt => ({
  _id: title,
  _creationTime: 0,
  title,
  description: "",
  categoryId: null,
  category: null,
  modelId: null,
  documentIds: [],
  body,
  variables: [],
  sortOrder: 0,
  isGlobal: false,
  canEdit: false,
  updatedAt: 0,
});

function setup(initialDraft: string) {
  const client = new QueryClient();
  client.setQueryData(promptsOptions().queryKey, [
    prompt("Summarize a contract", "Summarize {{contract}}"),
    prompt("Client email", "Write to {{client}}"),
    prompt("Risk review", "List the risks"),
  ]);
  const state = { draft: initialDraft };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const inputRef = { current: null };
  const hook = renderHook(
    ({ draft }) =>
      usePromptCommand({
        draft,
        setDraft: (text) => {
          state.draft = text;
        },
        inputRef,
      }),
    { wrapper, initialProps: { draft: initialDraft } },
  );
  return { hook, state };
}

const key = (name: string) => ({ key: name }) as KeyboardEvent<HTMLTextAreaElement>;

describe("usePromptCommand", () => {
  it("offers the library for / and filters by the word after it", () => {
    const { hook } = setup("/");
    expect(hook.result.current.items.map((p) => p.title)).toHaveLength(3);
    hook.rerender({ draft: "/risk" });
    expect(hook.result.current.items.map((p) => p.title)).toEqual(["Risk review"]);
  });

  it("stays closed for ordinary text, or a / followed by a space", () => {
    const { hook } = setup("hello");
    expect(hook.result.current.open).toBe(false);
    hook.rerender({ draft: "/ risk" });
    expect(hook.result.current.open).toBe(false);
    expect(hook.result.current.onKeyDown(key("Enter"))).toBe(false);
  });

  it("moves with the arrows, wraps around, and takes the chosen prompt with Enter", () => {
    const { hook, state } = setup("/");
    act(() => void hook.result.current.onKeyDown(key("ArrowDown")));
    expect(hook.result.current.active).toBe(1);
    act(() => void hook.result.current.onKeyDown(key("ArrowUp")));
    act(() => void hook.result.current.onKeyDown(key("ArrowUp")));
    expect(hook.result.current.active).toBe(2);
    act(() => void hook.result.current.onKeyDown(key("Enter")));
    expect(state.draft).toBe("List the risks");
  });

  it("closes with Escape until the text changes", () => {
    const { hook } = setup("/cl");
    act(() => void hook.result.current.onKeyDown(key("Escape")));
    expect(hook.result.current.open).toBe(false);
    hook.rerender({ draft: "/cli" });
    expect(hook.result.current.open).toBe(true);
  });
});
