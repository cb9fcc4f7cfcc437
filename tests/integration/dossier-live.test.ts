import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import type { ServerMessage } from "#shared/sync-protocol.ts";
import type { Db } from "../../src/server/db/client.ts";
import { documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * The dossier is live: a subscriber to documents.list, folders.getAll or documents.get sees
 * what other connections change (an upload's insert, the worker's status change, a rename, a
 * move, a delete) without asking again, and nothing from other organizations.
 */

type Page = { page: DocumentSummary[]; isDone: boolean; continueCursor: string };

describe.each(DB_KINDS)("live dossier over /api/sync (%s)", (kind) => {
  let server: TestServer;
  let db: Db;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // No worker: the test plays the worker's part itself.
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    db = server.running.services.database.db;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  async function signedInSocket(user: TestUser): Promise<TestSocket> {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(user.token)).type).toBe("authenticated");
    return socket;
  }

  async function mutate<T>(user: TestUser, path: string, args: unknown): Promise<T> {
    const result = await server.call("mutation", path, args, user.token);
    if (result.body.status !== "success") {
      throw new Error(`${path} failed: ${result.body.errorMessage}`);
    }
    return result.body.value as T;
  }

  /** The next pushed value of subscription `id` that satisfies `accept`. */
  async function pushed<T>(
    socket: TestSocket,
    id: string,
    accept: (value: T) => boolean,
  ): Promise<T> {
    const message = await socket.next(
      (m: ServerMessage) => m.type === "query_result" && m.id === id && accept(m.value as T),
    );
    return (message as { value: T }).value;
  }

  const listArgs = (folderId: string | null) => ({
    paginationOpts: { numItems: 20, cursor: null },
    filter: { folderId },
  });
  const names = (page: Page) => page.page.map((d) => d.name);

  /** A row as the upload makes it, written on another connection than the subscriber's. */
  async function insertDocument(user: TestUser, folderId: string | null, name: string) {
    const id = newId();
    await db.insert(documents).values({
      id,
      organizationId: user.organizationId,
      folderId,
      ownerId: user.userId,
      storageId: `live/${id}`,
      name,
      fileType: "pdf",
      mimeType: "application/pdf",
      size: 1234,
      processingStatus: "pending",
    });
    return id;
  }

  it("pushes a folder's list on insert, processing, rename, move and delete", async () => {
    const viewer = await createTestUser(server);
    const editor = await createTestUser(server, { organizationId: viewer.organizationId });
    const outsider = await createTestUser(server);
    const inbox = await mutate<Folder>(editor, "folders.create", { name: "Inbox" });
    const archive = await mutate<Folder>(editor, "folders.create", { name: "Archive" });

    const socket = await signedInSocket(viewer);
    const first = await socket.subscribe("inbox", "documents.list", listArgs(inbox._id));
    expect(first).toMatchObject({ type: "query_result", value: { page: [], isDone: true } });
    await socket.subscribe("archive", "documents.list", listArgs(archive._id));
    const spy = await signedInSocket(outsider);
    await spy.subscribe("theirs", "documents.list", listArgs(null));
    const spyBefore = spy.messages.length;

    // An upload on another connection inserts a row.
    const afterInsert = pushed<Page>(socket, "inbox", (p) => p.page.length === 1);
    const id = await insertDocument(editor, inbox._id, "Lease.pdf");
    expect(names(await afterInsert)).toEqual(["Lease.pdf"]);

    // The worker finishes it.
    const afterProcessing = pushed<Page>(
      socket,
      "inbox",
      (p) => p.page[0]?.processingStatus === "completed",
    );
    await db
      .update(documents)
      .set({ processingStatus: "completed", summary: "A lease." })
      .where(eq(documents.id, id));
    expect((await afterProcessing).page[0]).toMatchObject({ _id: id, summary: "A lease." });

    const afterRename = pushed<Page>(socket, "inbox", (p) => p.page[0]?.name === "Lease 2025.pdf");
    await mutate(editor, "documents.rename", { documentId: id, name: "Lease 2025.pdf" });
    await afterRename;

    const leftInbox = pushed<Page>(socket, "inbox", (p) => p.page.length === 0);
    const reachedArchive = pushed<Page>(socket, "archive", (p) => p.page.length === 1);
    await mutate(editor, "documents.move", { documentId: id, folderId: archive._id });
    await leftInbox;
    expect(names(await reachedArchive)).toEqual(["Lease 2025.pdf"]);

    const removed = pushed<Page>(socket, "archive", (p) => p.page.length === 0);
    await mutate(editor, "documents.remove", { documentId: id });
    await removed;

    // The other organization's subscriber heard nothing of it.
    await new Promise((r) => setTimeout(r, 150));
    const leaked = JSON.stringify(spy.messages.slice(spyBefore));
    expect(leaked).not.toContain("Lease");
    expect(leaked).not.toContain(id);
  });

  it("pushes the folder tree and a document's view to other tabs", async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server, { organizationId: user.organizationId });
    const socket = await signedInSocket(user);
    await socket.subscribe("tree", "folders.getAll", {});

    const created = pushed<Folder[]>(socket, "tree", (f) => f.length === 1);
    const folder = await mutate<Folder>(other, "folders.create", { name: "Board" });
    expect((await created)[0]).toMatchObject({ _id: folder._id, path: "board" });

    const renamed = pushed<Folder[]>(socket, "tree", (f) => f[0]?.path === "board-minutes");
    await mutate(other, "folders.rename", { folderId: folder._id, name: "Board minutes" });
    await renamed;

    const id = await insertDocument(other, folder._id, "Minutes.pdf");
    const view = await socket.subscribe("doc", "documents.get", { documentId: id });
    expect(view).toMatchObject({ value: { name: "Minutes.pdf", folderPath: "board-minutes" } });

    // A folder rename changes the document's folder path too.
    const repathed = pushed<{ folderPath: string }>(
      socket,
      "doc",
      (d) => d.folderPath === "minutes",
    );
    await mutate(other, "folders.rename", { folderId: folder._id, name: "Minutes" });
    await repathed;

    const failed = pushed<{ processingStatus: string; processingError: string | null }>(
      socket,
      "doc",
      (d) => d.processingStatus === "failed",
    );
    await db
      .update(documents)
      .set({ processingStatus: "failed", processingError: "The file is damaged." })
      .where(eq(documents.id, id));
    expect((await failed).processingError).toBe("The file is damaged.");

    const gone = socket.next((m) => m.type === "query_error" && m.id === "doc");
    const treeEmpty = pushed<Folder[]>(socket, "tree", (f) => f.length === 0);
    await mutate(other, "folders.remove", { folderId: folder._id });
    expect(await gone).toMatchObject({ errorMessage: "Document was not found." });
    await treeEmpty;
  });
});
