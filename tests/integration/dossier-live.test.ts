import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { Db } from "../../src/server/db/database.ts";
import { documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * The dossier is live: a subscriber to documents.list, folders.getAll or documents.get sees
 * what other connections change (an upload's insert, the worker's status change, a rename, a
 * move, a delete) without asking again, and nothing from other organizations.
 */

type Page = ResultOf<typeof api.documents.list>;

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

  const listArgs = (folderId: string | null) => ({
    paginationOpts: { numItems: 20, cursor: null },
    filter: { folderId },
  });
  const names = (page: Page) => page.page.map((d) => d.name);

  /** The owner shares a folder to view. */
  const shareFolder = (
    owner: TestUser,
    folderId: string,
    grantee: { userId: string } | { organization: true },
  ) =>
    callFn(
      server,
      api.shares.set,
      { entityType: "folder", entityId: folderId, grantee, role: "viewer" },
      owner.token,
    );

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
    const inbox = await callFn(server, api.folders.create, { name: "Inbox" }, editor.token);
    const archive = await callFn(server, api.folders.create, { name: "Archive" }, editor.token);
    // Private until shared (decision 023): the editor shares both with the organization.
    for (const folder of [inbox, archive])
      await shareFolder(editor, folder._id, { organization: true });

    const socket = await signedInSocket(viewer);
    const first = await subscribeFn(socket, "inbox", api.documents.list, listArgs(inbox._id));
    expect(first).toMatchObject({ type: "query_result", value: { page: [], isDone: true } });
    await subscribeFn(socket, "archive", api.documents.list, listArgs(archive._id));
    const spy = await signedInSocket(outsider);
    await subscribeFn(spy, "theirs", api.documents.list, listArgs(null));
    const spyBefore = spy.messages.length;

    // An upload on another connection inserts a row.
    const afterInsert = nextValue(socket, "inbox", api.documents.list, (p) => p.page.length === 1);
    const id = await insertDocument(editor, inbox._id, "Lease.pdf");
    expect(names(await afterInsert)).toEqual(["Lease.pdf"]);

    // The worker finishes it.
    const afterProcessing = nextValue(
      socket,
      "inbox",
      api.documents.list,
      (p) => p.page[0]?.processingStatus === "completed",
    );
    await db
      .update(documents)
      .set({ processingStatus: "completed", summary: "A lease." })
      .where(eq(documents.id, id));
    expect((await afterProcessing).page[0]).toMatchObject({ _id: id, summary: "A lease." });

    const afterRename = nextValue(
      socket,
      "inbox",
      api.documents.list,
      (p) => p.page[0]?.name === "Lease 2025.pdf",
    );
    const rename = { documentId: id, name: "Lease 2025.pdf" };
    await callFn(server, api.documents.rename, rename, editor.token);
    await afterRename;

    const leftInbox = nextValue(socket, "inbox", api.documents.list, (p) => p.page.length === 0);
    const reachedArchive = nextValue(
      socket,
      "archive",
      api.documents.list,
      (p) => p.page.length === 1,
    );
    const move = { documentId: id, folderId: archive._id };
    await callFn(server, api.documents.move, move, editor.token);
    await leftInbox;
    expect(names(await reachedArchive)).toEqual(["Lease 2025.pdf"]);

    const removed = nextValue(socket, "archive", api.documents.list, (p) => p.page.length === 0);
    await callFn(server, api.documents.remove, { documentId: id }, editor.token);
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
    await subscribeFn(socket, "tree", api.folders.getAll, {});

    const created = nextValue(socket, "tree", api.folders.getAll, (f) => f.length === 1);
    const folder = await callFn(server, api.folders.create, { name: "Board" }, other.token);
    await shareFolder(other, folder._id, { userId: user.userId });
    expect((await created)[0]).toMatchObject({ _id: folder._id, path: "board" });

    const renamed = nextValue(
      socket,
      "tree",
      api.folders.getAll,
      (f) => f[0]?.path === "board-minutes",
    );
    const rename = { folderId: folder._id, name: "Board minutes" };
    await callFn(server, api.folders.rename, rename, other.token);
    await renamed;

    const id = await insertDocument(other, folder._id, "Minutes.pdf");
    const view = await subscribeFn(socket, "doc", api.documents.get, { documentId: id });
    expect(view).toMatchObject({ value: { name: "Minutes.pdf", folderPath: "board-minutes" } });

    // A folder rename changes the document's folder path too.
    const repathed = nextValue(socket, "doc", api.documents.get, (d) => d.folderPath === "minutes");
    await callFn(
      server,
      api.folders.rename,
      { folderId: folder._id, name: "Minutes" },
      other.token,
    );
    await repathed;

    const failed = nextValue(
      socket,
      "doc",
      api.documents.get,
      (d) => d.processingStatus === "failed",
    );
    await db
      .update(documents)
      .set({ processingStatus: "failed", processingError: "The file is damaged." })
      .where(eq(documents.id, id));
    expect((await failed).processingError).toBe("The file is damaged.");

    const gone = socket.next((m) => m.type === "query_error" && m.id === "doc");
    const treeEmpty = nextValue(socket, "tree", api.folders.getAll, (f) => f.length === 0);
    await callFn(server, api.folders.remove, { folderId: folder._id }, other.token);
    expect(await gone).toMatchObject({ errorMessage: "Document was not found." });
    await treeEmpty;
  });
});
