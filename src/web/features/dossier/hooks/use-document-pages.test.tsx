// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SyncClient } from "../../../lib/sync/sync-client.ts";
import { SyncProvider } from "../../../lib/sync/sync-provider.tsx";
import { createFakeWebSocket, type FakeSocket } from "../../../lib/testing/fake-web-socket.ts";
import { useDocumentPages } from "./use-document-pages.ts";

function doc(n: number, folderId: string | null = "f1"): DocumentSummary {
  return {
    _id: `d${String(n).padStart(5, "0")}`,
    _creationTime: 1_000_000 + n * 1000,
    storageId: `s${n}`,
    folderId,
    ownerId: "u1",
    name: `Document ${n}`,
    title: null,
    fileNameOriginal: `document-${n}.pdf`,
    fileType: "pdf",
    mimeType: "application/pdf",
    primaryTagName: null,
    tags: [],
    size: 1000 + n,
    processingStatus: "completed",
    processingError: null,
    summary: null,
    hasPreview: false,
    updatedAt: 1_000_000 + n * 1000,
    ownerName: null,
    myRole: "owner",
    isFavorite: false,
  };
}

/**
 * A stand-in for the server's documents.list: newest first, keyset cursors,
 * every open subscription answered again whenever the documents change.
 */
class FakeDossier {
  documents: DocumentSummary[];
  private readonly subscriptions = new Map<string, Record<string, unknown>>();
  private handled = 0;
  readonly socket: FakeSocket;

  constructor(socket: FakeSocket, documents: DocumentSummary[]) {
    this.socket = socket;
    this.documents = documents;
  }

  /** Answers the subscribe and unsubscribe messages the client sent since the last call. */
  serve(): void {
    for (const message of this.socket.sent.slice(this.handled)) {
      if (message.type === "subscribe" && message.path === "documents.list") {
        this.subscriptions.set(message.id, message.args);
        this.socket.push({ type: "query_result", id: message.id, value: this.page(message.args) });
      } else if (message.type === "unsubscribe") {
        this.subscriptions.delete(message.id);
      }
    }
    this.handled = this.socket.sent.length;
  }

  change(documents: DocumentSummary[]): void {
    this.documents = documents;
    for (const [id, args] of this.subscriptions) {
      this.socket.push({ type: "query_result", id, value: this.page(args) });
    }
  }

  private page(args: Record<string, unknown>) {
    const { paginationOpts, filter } = args as {
      paginationOpts: { numItems: number; cursor: string | null };
      filter: { folderId: string | null };
    };
    const sorted = this.documents
      .filter((d) => d.folderId === filter.folderId)
      .sort((a, b) => b._creationTime - a._creationTime || b._id.localeCompare(a._id));
    const after = paginationOpts.cursor
      ? sorted.filter((d) => {
          const [time, id] = (paginationOpts.cursor ?? "").split("|");
          return (
            d._creationTime < Number(time) ||
            (d._creationTime === Number(time) && d._id < (id ?? ""))
          );
        })
      : sorted;
    const page = after.slice(0, paginationOpts.numItems);
    const last = page.at(-1);
    return {
      page,
      isDone: after.length <= paginationOpts.numItems,
      continueCursor: last ? `${last._creationTime}|${last._id}` : (paginationOpts.cursor ?? ""),
    };
  }
}

async function setup(
  documents: DocumentSummary[],
  initial: { folderId: string | null; loadAll: boolean },
) {
  const { WebSocketImpl, sockets } = createFakeWebSocket();
  const sync = new SyncClient({ url: "ws://test/api/sync", WebSocketImpl });
  const queryClient = createQueryClient(sync);
  sync.connect();
  const socket = sockets[0];
  if (!socket) throw new Error("no socket");
  await act(async () => socket.accept());
  const server = new FakeDossier(socket, documents);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SyncProvider client={sync} queryClient={queryClient}>
      {children}
    </SyncProvider>
  );
  const hook = renderHook(
    (props: { folderId: string | null; loadAll: boolean }) =>
      useDocumentPages(props.folderId, props.loadAll),
    { wrapper, initialProps: initial },
  );
  /** Lets the fake server answer until the hook has what `check` wants. */
  const settle = async (check: () => void) => {
    await waitFor(() => {
      server.serve();
      check();
    });
  };
  return { hook, server, settle, sync };
}

const ids = (documents: readonly DocumentSummary[]) => documents.map((d) => d._id);
const newestFirst = (documents: DocumentSummary[]) => ids([...documents].reverse());

describe("useDocumentPages", () => {
  it("shows the first 20, then bigger pages on demand, until the folder is complete", async () => {
    const all = Array.from({ length: 45 }, (_, n) => doc(n));
    const { hook, settle } = await setup(all, { folderId: "f1", loadAll: false });
    await settle(() => expect(hook.result.current.documents).toHaveLength(20));
    expect(hook.result.current.isDone).toBe(false);
    expect(ids(hook.result.current.documents)).toEqual(newestFirst(all).slice(0, 20));

    act(() => hook.result.current.loadMore());
    await settle(() => expect(hook.result.current.isDone).toBe(true));
    expect(ids(hook.result.current.documents)).toEqual(newestFirst(all));
  });

  it("keeps every document exactly once when one arrives at the top or leaves page one", async () => {
    const all = Array.from({ length: 45 }, (_, n) => doc(n));
    const { hook, server, settle } = await setup(all, { folderId: "f1", loadAll: true });
    await settle(() => expect(hook.result.current.isDone).toBe(true));

    // A new upload pushes the 20th document off page one: page two must start earlier.
    const arrived = [...all, doc(100)];
    await act(async () => server.change(arrived));
    await settle(() => expect(ids(hook.result.current.documents)).toEqual(newestFirst(arrived)));

    // A document on page one goes away: the first of page two moves up, shown once.
    const left = arrived.filter((d) => d._id !== doc(40)._id);
    await act(async () => server.change(left));
    await settle(() => expect(ids(hook.result.current.documents)).toEqual(newestFirst(left)));
    expect(new Set(ids(hook.result.current.documents)).size).toBe(left.length);
  });

  it("loads every page by itself when asked to (sorting and filtering need them all)", async () => {
    const all = Array.from({ length: 130 }, (_, n) => doc(n));
    const { hook, settle } = await setup(all, { folderId: "f1", loadAll: true });
    await settle(() => expect(hook.result.current.isDone).toBe(true));
    expect(hook.result.current.documents).toHaveLength(130);
  });

  it("starts over at the first page in another folder", async () => {
    const all = [...Array.from({ length: 30 }, (_, n) => doc(n)), doc(500, "f2"), doc(501, null)];
    const { hook, settle } = await setup(all, { folderId: "f1", loadAll: true });
    await settle(() => expect(hook.result.current.isDone).toBe(true));
    expect(hook.result.current.documents).toHaveLength(30);

    hook.rerender({ folderId: "f2", loadAll: false });
    await settle(() => expect(ids(hook.result.current.documents)).toEqual([doc(500, "f2")._id]));
    expect(hook.result.current.isDone).toBe(true);

    hook.rerender({ folderId: null, loadAll: false });
    await settle(() => expect(ids(hook.result.current.documents)).toEqual([doc(501, null)._id]));
  });
});
