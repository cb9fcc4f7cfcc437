import { type QueryObserverResult, useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { ChatMessage } from "#shared/schemas/chat.ts";
import { messagePageOptions } from "../api/thread-queries.ts";
import { type AtriumMessage, toUIMessages } from "../lib/chat-message.ts";

export type ThreadHistory =
  | { status: "loading" }
  | { status: "error"; error: Error }
  | {
      status: "ready";
      messages: AtriumMessage[];
      /** Earlier messages exist that are not loaded yet. */
      hasOlder: boolean;
      loadingOlder: boolean;
      loadOlder: () => void;
    };

type Page = { page: ChatMessage[]; isDone: boolean; continueCursor: string };

/**
 * A thread's stored messages, live, as UI messages. The first page is the
 * END of the conversation (its latest 100, preloaded by the route), so even
 * a long thread opens at once; earlier pages load on request. Each earlier
 * page starts at the cursor of the page after it, read afresh every render,
 * so when new messages move the first page's boundary the older pages follow
 * and nothing falls in between.
 */
export function useThreadHistory(
  threadId: string,
  enabled: boolean,
  staleTime?: number,
): ThreadHistory {
  const client = useQueryClient();
  const [older, setOlder] = useState({ threadId, count: 0 });
  const olderCount = older.threadId === threadId ? older.count : 0;

  const cursors: (string | null)[] = [null];
  for (let i = 0; i < olderCount; i++) {
    const before = client.getQueryData<Page>(
      messagePageOptions(threadId, cursors[i] ?? null).queryKey,
    );
    if (!before || before.isDone || !before.continueCursor) break;
    cursors.push(before.continueCursor);
  }
  const pages = useQueries({
    queries: cursors.map((cursor) => ({
      ...messagePageOptions(threadId, cursor, staleTime),
      enabled,
    })),
    combine: combinePages,
  });

  const [converted, setConverted] = useState<{
    threadId: string;
    messages: AtriumMessage[];
  } | null>(null);
  const { stored } = pages;
  useEffect(() => {
    if (!stored) return;
    let current = true;
    void toUIMessages(stored).then((messages) => {
      if (current) setConverted({ threadId, messages });
    });
    return () => {
      current = false;
    };
  }, [stored, threadId]);

  const { hasOlder, loadingOlder } = pages;
  const loadOlder = useCallback(() => {
    if (!hasOlder || loadingOlder) return;
    setOlder({ threadId, count: olderCount + 1 });
  }, [hasOlder, loadingOlder, threadId, olderCount]);

  if (pages.error) return { status: "error", error: pages.error };
  // While a newer value converts, the last one stays on screen.
  if (converted?.threadId !== threadId) return { status: "loading" };
  return { status: "ready", messages: converted.messages, hasOlder, loadingOlder, loadOlder };
}

/** Runs only when a page result changes, so `stored` keeps its identity otherwise. */
function combinePages(results: QueryObserverResult<Page, Error>[]) {
  const error = results.find((result) => result.error && !result.data)?.error ?? null;
  const loaded = results.flatMap((result) => (result.data ? [result.data] : []));
  const last = results.at(-1)?.data;
  return {
    error,
    // Nothing until the end of the conversation (the first page) is there.
    stored: results[0]?.data ? mergePages(loaded) : null,
    hasOlder: !!last && !last.isDone && !!last.continueCursor,
    loadingOlder: results.some((result) => !result.data && result.fetchStatus === "fetching"),
  };
}

/** Pages in time order (whichever order they were loaded in), each message once. */
function mergePages(pages: Page[]): ChatMessage[] {
  const filled = pages.flatMap((page) => (page.page.length > 0 ? [page.page] : []));
  filled.sort((a, b) => (a[0]?.createdAt ?? 0) - (b[0]?.createdAt ?? 0));
  const seen = new Set<string>();
  const messages: ChatMessage[] = [];
  for (const message of filled.flat()) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    messages.push(message);
  }
  return messages;
}
