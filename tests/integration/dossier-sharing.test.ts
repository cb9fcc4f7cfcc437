import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { Citations } from "../../src/server/chat/tools/citations.ts";
import { chatTools } from "../../src/server/chat/tools/chat-tools.ts";
import type { Db } from "../../src/server/db/database.ts";
import { documents, dossierFavorites, dossierShares } from "../../src/server/db/schema.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createFolder,
  insertChunk,
  insertDocument,
  startDossierServer,
} from "../support/dossier-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer, type TestUser } from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

const PAGE = { numItems: 20, cursor: null };

/**
 * Ownership and sharing (decision 023), over HTTP and the socket on PGlite and PostgreSQL:
 * who reaches what through every dossier function, the download, preview and upload routes,
 * thread attachments and the chat tools; what viewers and editors may change; that a folder's
 * grant covers what is added beneath it later; that a revoke takes effect at once, live, and
 * loses nothing; and favorites.
 */

type Who = "owner" | "viewer" | "editor" | "orgWide" | "unshared" | "admin" | "outsider";
const EVERYONE: Who[] = ["owner", "viewer", "editor", "orgWide", "unshared", "admin", "outsider"];
/** Who reaches the folder shared with the viewer and the editor. */
const FOLDER_READERS: Who[] = ["owner", "viewer", "editor"];

describe.each(DB_KINDS)("dossier sharing (%s)", (kind) => {
  let server: TestServer;
  let db: Db;
  const sockets: TestSocket[] = [];
  const users = {} as Record<Who, TestUser>;
  /** Matter (shared with viewer and editor) > Pleadings; Team (shared with the organization). */
  let matter: { _id: string };
  let pleadings: { _id: string };
  let team: { _id: string };
  let brief: { id: string; storageId: string };
  let handbook: { id: string; storageId: string };
  let privateDoc: { id: string };

  const share = (
    owner: TestUser,
    entityType: "folder" | "document",
    entityId: string,
    grantee: { userId: string } | { organization: true },
    role: "viewer" | "editor",
  ) => callFn(server, api.shares.set, { entityType, entityId, grantee, role }, owner.token);

  beforeAll(async () => {
    server = await startDossierServer(kind);
    db = server.running.services.database.db;
    users.owner = await createTestUser(server, { firstName: "Olivia" });
    const organizationId = users.owner.organizationId;
    for (const who of ["viewer", "editor", "orgWide", "unshared"] as const) {
      users[who] = await createTestUser(server, { organizationId });
    }
    users.admin = await createTestUser(server, { organizationId, role: "OrganizationAdmin" });
    users.outsider = await createTestUser(server, { role: "OrganizationAdmin" });

    matter = await createFolder(server, users.owner, "Matter");
    pleadings = await createFolder(server, users.owner, "Pleadings", matter._id);
    team = await createFolder(server, users.owner, "Team");
    brief = await insertDocument(server, users.owner, {
      folderId: pleadings._id,
      name: "Brief.pdf",
      withPreview: true,
      htmlContent: "<p>Brief</p>",
    });
    await insertChunk(server, users.owner, brief.id, "The indemnity clause caps liability.");
    handbook = await insertDocument(server, users.owner, {
      folderId: team._id,
      name: "Handbook.pdf",
      withPreview: true,
    });
    await insertChunk(server, users.owner, handbook.id, "The indemnity handbook for everyone.");
    privateDoc = await insertDocument(server, users.owner, { name: "Diary.txt" });
    await insertChunk(server, users.owner, privateDoc.id, "The indemnity diary is private.");

    await share(users.owner, "folder", matter._id, { userId: users.viewer.userId }, "viewer");
    await share(users.owner, "folder", matter._id, { userId: users.editor.userId }, "editor");
    await share(users.owner, "folder", team._id, { organization: true }, "viewer");
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

  const get = (path: string, user: TestUser) =>
    fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${user.token}` } });

  /** The chat tools as `user` would run them in one of their threads. */
  function toolsOf(user: TestUser, threadId = "thread-for-tools") {
    return chatTools({
      db,
      userId: user.userId,
      organizationId: user.organizationId,
      threadId,
      citations: new Citations(),
      log: server.running.services.log,
    });
  }
  const toolOptions = { toolCallId: "call-1", messages: [], context: {} };
  async function toolReads(user: TestUser, documentId: string): Promise<boolean> {
    const read = toolsOf(user).readDocument.execute;
    try {
      await read?.({ documentId }, toolOptions);
      return true;
    } catch (error) {
      expect(String(error)).toMatch(/Document not found/);
      return false;
    }
  }
  async function toolFinds(user: TestUser): Promise<string[]> {
    const result = (await toolsOf(user).searchDocuments.execute?.(
      { query: "indemnity" },
      toolOptions,
    )) as { results: Array<{ documentName: string }> };
    return result.results.map((r) => r.documentName).sort();
  }

  /** Whether a call succeeds (true) or answers "not found" (false); any other answer fails. */
  async function reached<C extends FunctionContract>(
    contract: C,
    args: ArgsOf<C>,
    user: TestUser,
    what: "Document" | "Folder",
  ): Promise<boolean> {
    const result = await server.call(contract.kind, contract.path, args, user.token);
    if (result.body.status === "success") return true;
    expect(result.body).toMatchObject({
      errorMessage: `${what} was not found.`,
      errorData: { code: "NOT_FOUND" },
    });
    return false;
  }

  /** Every way of reading a document, each answering whether `user` got it. */
  async function readsDocument(user: TestUser, doc: { id: string; storageId: string }) {
    const got = await reached(api.documents.get, { documentId: doc.id }, user, "Document");
    const many = await callFn(server, api.documents.getMany, { documentIds: [doc.id] }, user.token);
    const download = await get(`/api/documents/${doc.id}/download`, user);
    const preview = await get(`/api/document-preview/${doc.storageId}`, user);
    const attach = await reached(api.threads.create, { documentIds: [doc.id] }, user, "Document");
    return {
      get: got,
      getMany: many.length === 1,
      download: download.status === 200,
      preview: preview.status === 200,
      attach,
      tool: await toolReads(user, doc.id),
    };
  }
  const all = (value: boolean) => ({
    get: value,
    getMany: value,
    download: value,
    preview: value,
    attach: value,
    tool: value,
  });

  describe("who reads what", () => {
    it.each(EVERYONE)("%s reads the shared tree's documents only through a grant", async (who) => {
      const user = users[who];
      const reads = FOLDER_READERS.includes(who);
      expect(await readsDocument(user, brief)).toEqual(all(reads));
      // The organization-wide grant reaches every member and admin, nobody outside.
      expect(await readsDocument(user, handbook)).toEqual(all(who !== "outsider"));
      expect(
        await reached(api.documents.get, { documentId: privateDoc.id }, user, "Document"),
      ).toBe(who === "owner");
    });

    it.each(EVERYONE)("%s lists, finds and searches only what they may read", async (who) => {
      const user = users[who];
      const reads = FOLDER_READERS.includes(who);
      const list = (folderId: string) =>
        callFn(
          server,
          api.documents.list,
          { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId } },
          user.token,
        );
      const folderReads = [
        await reached(
          api.documents.list,
          { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: pleadings._id } },
          user,
          "Folder",
        ),
        await reached(api.folders.getSubfolders, { parentId: matter._id }, user, "Folder"),
        await reached(api.folders.getRemovalSummary, { folderId: matter._id }, user, "Folder"),
        await reached(
          api.documents.search,
          { query: "x", filters: { folderId: matter._id }, paginationOpts: PAGE },
          user,
          "Folder",
        ),
        await reached(
          api.folders.setFavorite,
          { folderId: matter._id, favorite: false },
          user,
          "Folder",
        ),
        await reached(api.shares.listSharedWithMe, { parentId: matter._id }, user, "Folder"),
      ];
      expect(folderReads).toEqual(folderReads.map(() => reads));
      if (reads) expect((await list(pleadings._id)).page.map((d) => d.name)).toEqual(["Brief.pdf"]);
      const path = await callFn(
        server,
        api.folders.getFolderIdByFullSlugPath,
        { path: "matter/pleadings" },
        user.token,
      );
      expect(path).toEqual(reads ? { _id: pleadings._id } : null);
      const tree = (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => f.path);
      const expectedTree = [
        ...(reads ? ["matter", "matter/pleadings"] : []),
        ...(who === "outsider" ? [] : ["team"]),
      ];
      expect(tree).toEqual(expectedTree);

      const hits = (
        await callFn(
          server,
          api.documents.search,
          { query: "indemnity", paginationOpts: PAGE },
          user.token,
        )
      ).page;
      const expected = [
        ...(reads ? ["Brief.pdf"] : []),
        ...(who === "owner" ? ["Diary.txt"] : []),
        ...(who === "outsider" ? [] : ["Handbook.pdf"]),
      ].sort();
      expect(hits.map((h) => h.document.name).sort()).toEqual(expected);
      expect(await toolFinds(user)).toEqual(expected);
    });

    it("shows each caller their role, the owner's name, and what was shared with them", async () => {
      const roles = await Promise.all(
        (["owner", "viewer", "editor", "orgWide"] as const).map(async (who) => {
          const doc = await callFn(
            server,
            api.documents.get,
            { documentId: handbook.id },
            users[who].token,
          );
          return [who, doc.myRole, doc.ownerName, doc.ownerId];
        }),
      );
      expect(roles).toEqual([
        ["owner", "owner", "Olivia User", users.owner.userId],
        ["viewer", "viewer", "Olivia User", users.owner.userId],
        ["editor", "viewer", "Olivia User", users.owner.userId],
        ["orgWide", "viewer", "Olivia User", users.owner.userId],
      ]);
      const editorDoc = await callFn(
        server,
        api.documents.get,
        { documentId: brief.id },
        users.editor.token,
      );
      expect(editorDoc).toMatchObject({ myRole: "editor", folderPath: "matter/pleadings" });

      const shared = await callFn(server, api.shares.listSharedWithMe, {}, users.editor.token);
      expect(shared.folders.map((f) => [f.name, f.myRole, f.ownerName])).toEqual([
        ["Matter", "editor", "Olivia User"],
        ["Team", "viewer", "Olivia User"],
      ]);
      expect(shared.documents).toEqual([]);
      // A member given access is told; a grant to the whole organization tells nobody.
      const told = async (who: keyof typeof users) =>
        (
          await callFn(
            server,
            api.notifications.list,
            { paginationOpts: { numItems: 20, cursor: null } },
            users[who].token,
          )
        ).page
          .filter((n) => n.kind === "share.received")
          .map((n) => n.title);
      expect(await told("editor")).toEqual(["Olivia User shared “Matter” with you"]);
      expect(await told("orgWide")).toEqual([]);
      const inside = await callFn(
        server,
        api.shares.listSharedWithMe,
        { parentId: matter._id },
        users.editor.token,
      );
      expect(inside.folders.map((f) => f.name)).toEqual(["Pleadings"]);
      const mine = await callFn(server, api.shares.listSharedWithMe, {}, users.owner.token);
      expect(mine).toEqual({ folders: [], documents: [] });
      expectError(
        await callFnError(
          server,
          api.shares.listSharedWithMe,
          { parentId: matter._id },
          users.unshared.token,
        ),
        "NOT_FOUND",
      );
      // A document shared on its own shows at the top level, outside its private folder.
      const memo = await insertDocument(server, users.owner, {
        folderId: team._id,
        name: "Memo.txt",
      });
      await share(users.owner, "document", memo.id, { userId: users.unshared.userId }, "viewer");
      const theirs = await callFn(server, api.shares.listSharedWithMe, {}, users.unshared.token);
      // Team is shared with the whole organization, so the memo sits inside it, not on top.
      expect(theirs.documents).toEqual([]);
      expect(theirs.folders.map((f) => f.name)).toEqual(["Team"]);
      const diaryShare = await share(
        users.owner,
        "document",
        privateDoc.id,
        { userId: users.unshared.userId },
        "viewer",
      );
      expect(diaryShare.members.map((m) => m.userId)).toEqual([users.unshared.userId]);
      const withDiary = await callFn(server, api.shares.listSharedWithMe, {}, users.unshared.token);
      expect(withDiary.documents.map((d) => [d.name, d.myRole])).toEqual([["Diary.txt", "viewer"]]);
      await callFn(
        server,
        api.shares.remove,
        {
          entityType: "document",
          entityId: privateDoc.id,
          grantee: { userId: users.unshared.userId },
        },
        users.owner.token,
      );
    });
  });

  describe("what each role may change", () => {
    type Outcome = "ok" | "FORBIDDEN" | "NOT_FOUND";
    const NONE: Outcome[] = Array(11).fill("NOT_FOUND");
    /**
     * Per caller, in order: documents.rename, documents.retry, documents.move (within the
     * shared tree), folders.rename, folders.create inside, documents.setFavorite,
     * folders.setFavorite, shares.listForEntity, shares.set, documents.remove, folders.remove.
     */
    const EXPECTED: Record<Who, Outcome[]> = {
      owner: Array(11).fill("ok"),
      editor: [
        "ok",
        "ok",
        "ok",
        "ok",
        "ok",
        "ok",
        "ok",
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
      ],
      viewer: [
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
        "ok",
        "ok",
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
        "FORBIDDEN",
      ],
      orgWide: NONE,
      unshared: NONE,
      admin: NONE,
      outsider: NONE,
    };

    it.each(EVERYONE)(
      "%s changes only what their role allows, the same way everywhere",
      async (who) => {
        const user = users[who];
        // A fresh room inside the shared folder, with a failed document, for each caller.
        const room = await createFolder(server, users.owner, `Room ${who}`, matter._id);
        const doc = await insertDocument(server, users.owner, {
          folderId: room._id,
          name: `Exhibit ${who}.pdf`,
          status: "failed",
        });
        const outcome = async <C extends FunctionContract>(contract: C, args: ArgsOf<C>) => {
          const result = await server.call(contract.kind, contract.path, args, user.token);
          if (result.body.status === "success") return "ok";
          return (result.body.errorData as { code: Outcome }).code;
        };
        const target = { entityType: "folder" as const, entityId: room._id };
        const outcomes = [
          await outcome(api.documents.rename, { documentId: doc.id, name: "Renamed.pdf" }),
          await outcome(api.documents.retry, { documentId: doc.id }),
          await outcome(api.documents.move, { documentId: doc.id, folderId: matter._id }),
          await outcome(api.folders.rename, { folderId: room._id, name: `Room ${who} renamed` }),
          await outcome(api.folders.create, { name: "Inside", parentId: room._id }),
          await outcome(api.documents.setFavorite, { documentId: doc.id, favorite: true }),
          await outcome(api.folders.setFavorite, { folderId: room._id, favorite: true }),
          await outcome(api.shares.listForEntity, target),
          await outcome(api.shares.set, {
            ...target,
            grantee: { userId: users.unshared.userId },
            role: "viewer",
          }),
          await outcome(api.documents.remove, { documentId: doc.id }),
          await outcome(api.folders.remove, { folderId: room._id }),
        ];
        expect(outcomes).toEqual(EXPECTED[who]);
        // A refused change changed nothing.
        if (who !== "owner") {
          const [row] = await db.select().from(documents).where(eq(documents.id, doc.id));
          expect(row?.name).toBe(who === "editor" ? "Renamed.pdf" : `Exhibit ${who}.pdf`);
          const access = await callFn(server, api.shares.listForEntity, target, users.owner.token);
          expect(access.members).toEqual([]);
        }
      },
    );

    it("lets editors rename, move within the tree and upload; viewers only read", async () => {
      const doc = await insertDocument(server, users.owner, {
        folderId: pleadings._id,
        name: "Draft.txt",
      });
      const rename = (who: Who, name: string) =>
        callFn(server, api.documents.rename, { documentId: doc.id, name }, users[who].token);
      expect(await rename("editor", "Draft v2.txt")).toMatchObject({ myRole: "editor" });
      expectError(
        await callFnError(
          server,
          api.documents.rename,
          { documentId: doc.id, name: "X" },
          users.viewer.token,
        ),
        "FORBIDDEN",
        /view only/,
      );
      for (const who of ["unshared", "admin", "outsider"] as const) {
        expectError(
          await callFnError(
            server,
            api.documents.rename,
            { documentId: doc.id, name: "X" },
            users[who].token,
          ),
          "NOT_FOUND",
          "Document was not found.",
        );
      }
      // Within the shared tree: yes. Out of it (to the editor's own dossier or top level): no.
      const moved = await callFn(
        server,
        api.documents.move,
        { documentId: doc.id, folderId: matter._id },
        users.editor.token,
      );
      expect(moved.folderId).toBe(matter._id);
      const own = await createFolder(server, users.editor, "Editor's own");
      expectError(
        await callFnError(
          server,
          api.documents.move,
          { documentId: doc.id, folderId: own._id },
          users.editor.token,
        ),
        "FORBIDDEN",
        /owner cannot reach/,
      );
      expectError(
        await callFnError(
          server,
          api.documents.move,
          { documentId: doc.id, folderId: null },
          users.editor.token,
        ),
        "FORBIDDEN",
      );
      expectError(
        await callFnError(
          server,
          api.folders.rename,
          { folderId: pleadings._id, name: "Nope" },
          users.viewer.token,
        ),
        "FORBIDDEN",
      );
      // Editors add folders and files inside; they own what they add.
      const sub = await createFolder(server, users.editor, "Exhibits", matter._id);
      expect(sub).toMatchObject({ ownerId: users.editor.userId, path: "matter/exhibits" });
      expectError(
        await callFnError(
          server,
          api.folders.create,
          { name: "Sneaky", parentId: matter._id },
          users.viewer.token,
        ),
        "FORBIDDEN",
      );
      const upload = async (who: Who) => {
        const form = new FormData();
        form.append("folderId", matter._id);
        form.append("file", new Blob(["hello"], { type: "text/plain" }), `${who}.txt`);
        const response = await fetch(`${server.url}/api/documents/upload`, {
          method: "POST",
          headers: { authorization: `Bearer ${users[who].token}` },
          body: form,
        });
        return response.status;
      };
      expect(await upload("editor")).toBe(200);
      for (const who of ["viewer", "unshared", "admin", "outsider"] as const) {
        expect(await upload(who)).toBe(404);
      }
      const [uploaded] = await db.select().from(documents).where(eq(documents.name, "editor.txt"));
      expect(uploaded).toMatchObject({ ownerId: users.editor.userId, folderId: matter._id });

      // Deleting: editors delete what they uploaded, not what was shared with them.
      expectError(
        await callFnError(server, api.documents.remove, { documentId: doc.id }, users.editor.token),
        "FORBIDDEN",
      );
      await callFn(server, api.documents.remove, { documentId: uploaded!.id }, users.editor.token);
      expectError(
        await callFnError(server, api.folders.remove, { folderId: matter._id }, users.editor.token),
        "FORBIDDEN",
      );
      // Only the owner shares.
      expectError(
        await callFnError(
          server,
          api.shares.set,
          {
            entityType: "folder",
            entityId: matter._id,
            grantee: { userId: users.unshared.userId },
            role: "viewer",
          },
          users.editor.token,
        ),
        "FORBIDDEN",
        /Only the owner/,
      );
      expectError(
        await callFnError(
          server,
          api.shares.listForEntity,
          { entityType: "folder", entityId: matter._id },
          users.unshared.token,
        ),
        "NOT_FOUND",
      );
      // The owner deletes an editor's subfolder inside their own tree.
      await callFn(server, api.folders.remove, { folderId: sub._id }, users.owner.token);
      await callFn(server, api.documents.remove, { documentId: doc.id }, users.owner.token);
    });

    it("refuses grantees outside the organization and the owner, with a clear error", async () => {
      for (const userId of [users.outsider.userId, users.owner.userId, "not-an-id"]) {
        const error = await callFnError(
          server,
          api.shares.set,
          {
            entityType: "folder",
            entityId: matter._id,
            grantee: { userId },
            role: "viewer",
          },
          users.owner.token,
        );
        expectError(error, "INVALID_ARGS");
        expect(JSON.stringify(error)).toContain("grantee.userId");
      }
      const access = await callFn(
        server,
        api.shares.listForEntity,
        { entityType: "folder", entityId: matter._id },
        users.owner.token,
      );
      expect(access.organization).toBeNull();
      expect(access.members.map((m) => [m.userId, m.role]).sort()).toEqual(
        [
          [users.viewer.userId, "viewer"],
          [users.editor.userId, "editor"],
        ].sort(),
      );
      const members = await callFn(server, api.shares.listShareableMembers, {}, users.owner.token);
      expect(members.map((m) => m._id).sort()).toEqual(
        (["viewer", "editor", "orgWide", "unshared", "admin"] as const)
          .map((who) => users[who].userId)
          .sort(),
      );
    });
  });

  describe("grants over time", () => {
    it("covers what is added beneath a shared folder later, and a revoke loses nothing", async () => {
      const owner = users.owner;
      const colleague = await createTestUser(server, { organizationId: owner.organizationId });
      const root = await createFolder(server, owner, "Deal room");
      await share(owner, "folder", root._id, { userId: colleague.userId }, "viewer");
      const later = await createFolder(server, owner, "Later", root._id);
      const deep = await createFolder(server, owner, "Deeper", later._id);
      const doc = await insertDocument(server, owner, { folderId: deep._id, name: "Later.pdf" });
      expect(await readsDocument(colleague, doc)).toMatchObject({ get: true, download: true });
      expect(
        (
          await callFn(server, api.folders.getSubfolders, { parentId: later._id }, colleague.token)
        ).map((f) => f.name),
      ).toEqual(["Deeper"]);
      // Attach it to a thread, then take the share back.
      const thread = await callFn(
        server,
        api.threads.create,
        { documentIds: [doc.id] },
        colleague.token,
      );
      await callFn(
        server,
        api.shares.remove,
        { entityType: "folder", entityId: root._id, grantee: { userId: colleague.userId } },
        owner.token,
      );
      expect(await readsDocument(colleague, doc)).toEqual(all(false));
      expect(
        await callFn(
          server,
          api.threads.getThreadDocumentsOptional,
          { threadId: thread._id },
          colleague.token,
        ),
      ).toEqual([]);
      expect(
        await toolsOf(colleague, thread._id).listThreadDocuments.execute?.({}, toolOptions),
      ).toMatchObject({ documents: [] });
      // Nothing lost: the owner still has all of it.
      expect(await readsDocument(owner, doc)).toMatchObject({ get: true, download: true });
      expect(
        (await callFn(server, api.folders.getAll, {}, owner.token)).map((f) => f.path),
      ).toEqual(expect.arrayContaining(["deal-room", "deal-room/later", "deal-room/later/deeper"]));
    });

    it("pushes a share and a revoke to the grantee's open subscriptions at once", async () => {
      const owner = users.owner;
      const grantee = await createTestUser(server, { organizationId: owner.organizationId });
      const room = await createFolder(server, owner, "Live room");
      const doc = await insertDocument(server, owner, { folderId: room._id, name: "Live.pdf" });
      const socket = await signedInSocket(grantee);
      const first = await subscribeFn(socket, "shared", api.shares.listSharedWithMe, {});
      expect(first).toMatchObject({ type: "query_result" });
      const names = (v: { folders: Array<{ name: string }> }) => v.folders.map((f) => f.name);

      const appeared = nextValue(socket, "shared", api.shares.listSharedWithMe, (v) =>
        names(v).includes("Live room"),
      );
      await share(owner, "folder", room._id, { userId: grantee.userId }, "viewer");
      await appeared;
      const view = await subscribeFn(socket, "doc", api.documents.get, { documentId: doc.id });
      expect(view).toMatchObject({ type: "query_result", value: { name: "Live.pdf" } });

      const vanished = nextValue(
        socket,
        "shared",
        api.shares.listSharedWithMe,
        (v) => !names(v).includes("Live room"),
      );
      const gone = socket.next((m) => m.type === "query_error" && m.id === "doc");
      await callFn(
        server,
        api.shares.remove,
        { entityType: "folder", entityId: room._id, grantee: { userId: grantee.userId } },
        owner.token,
      );
      await vanished;
      expect(await gone).toMatchObject({ errorMessage: "Document was not found." });
    });
  });

  describe("favorites", () => {
    it("stars per member, pages by 20, hides what access was lost to, and goes with deletion", async () => {
      const owner = users.owner;
      const fan = await createTestUser(server, { organizationId: owner.organizationId });
      const shelf = await createFolder(server, owner, "Shelf");
      await share(owner, "folder", shelf._id, { userId: fan.userId }, "viewer");
      const docs: string[] = [];
      for (let n = 0; n < 23; n++) {
        const doc = await insertDocument(server, owner, {
          folderId: shelf._id,
          name: `Book ${n}.pdf`,
          htmlContent: `<p>${n}</p>`,
        });
        docs.push(doc.id);
        await callFn(
          server,
          api.documents.setFavorite,
          { documentId: doc.id, favorite: true },
          fan.token,
        );
      }
      await callFn(
        server,
        api.folders.setFavorite,
        { folderId: shelf._id, favorite: true },
        fan.token,
      );
      // Starring twice changes nothing; others' stars are their own.
      await callFn(
        server,
        api.documents.setFavorite,
        { documentId: docs[0]!, favorite: true },
        fan.token,
      );
      const list = (user: TestUser, cursor: string | null) =>
        callFn(
          server,
          api.documents.listFavorites,
          { paginationOpts: { numItems: 20, cursor }, fields: ["htmlContent", "summary"] },
          user.token,
        );
      const first = await list(fan, null);
      expect(first.page).toHaveLength(20);
      expect(first.isDone).toBe(false);
      expect(first.page[0]).toMatchObject({
        name: "Book 22.pdf",
        isFavorite: true,
        htmlContent: "<p>22</p>",
      });
      const second = await list(fan, first.continueCursor);
      expect(second.page.map((d) => d.name)).toEqual(["Book 2.pdf", "Book 1.pdf", "Book 0.pdf"]);
      expect(second.isDone).toBe(true);
      expect((await list(owner, null)).page).toEqual([]);
      expect(
        (await callFn(server, api.documents.get, { documentId: docs[0]! }, owner.token)).isFavorite,
      ).toBe(false);
      expect(
        (await callFn(server, api.folders.listFavorites, {}, fan.token)).map((f) => f.name),
      ).toEqual(["Shelf"]);

      await callFn(
        server,
        api.documents.setFavorite,
        { documentId: docs[22]!, favorite: false },
        fan.token,
      );
      expect((await list(fan, null)).page[0]?.name).toBe("Book 21.pdf");
      // Strangers cannot star what they cannot read.
      expectError(
        await callFnError(
          server,
          api.documents.setFavorite,
          { documentId: docs[1]!, favorite: true },
          users.unshared.token,
        ),
        "NOT_FOUND",
      );

      // Losing access hides the stars; the owner deleting the folder removes them.
      await callFn(
        server,
        api.shares.remove,
        { entityType: "folder", entityId: shelf._id, grantee: { userId: fan.userId } },
        owner.token,
      );
      expect((await list(fan, null)).page).toEqual([]);
      expect(await callFn(server, api.folders.listFavorites, {}, fan.token)).toEqual([]);
      await callFn(server, api.folders.remove, { folderId: shelf._id }, owner.token);
      const left = await db
        .select()
        .from(dossierFavorites)
        .where(eq(dossierFavorites.userId, fan.userId));
      expect(left).toEqual([]);
      const shares = await db
        .select()
        .from(dossierShares)
        .where(eq(dossierShares.entityId, shelf._id));
      expect(shares).toEqual([]);
    });

    it("pushes a star to the member's other tabs", async () => {
      const member = await createTestUser(server);
      const folder = await createFolder(server, member, "Starred");
      const doc = await insertDocument(server, member, { folderId: folder._id, name: "Star.pdf" });
      const socket = await signedInSocket(member);
      await subscribeFn(socket, "favs", api.documents.listFavorites, {
        paginationOpts: { numItems: 20, cursor: null },
      });
      await subscribeFn(socket, "list", api.documents.list, {
        paginationOpts: { numItems: 20, cursor: null },
        filter: { folderId: folder._id },
      });
      const listed = nextValue(
        socket,
        "favs",
        api.documents.listFavorites,
        (v) => v.page.length === 1,
      );
      const starred = nextValue(
        socket,
        "list",
        api.documents.list,
        (v) => v.page[0]?.isFavorite === true,
      );
      await callFn(
        server,
        api.documents.setFavorite,
        { documentId: doc.id, favorite: true },
        member.token,
      );
      await listed;
      await starred;
    });
  });
});
