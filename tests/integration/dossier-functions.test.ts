import { and, eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, FunctionContract, ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { FILE_TYPE_INFO, FILE_TYPES, type FileType, fileTypeForName } from "#shared/file-types.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Db } from "../../src/server/db/client.ts";
import { documentChunks, documents, folders, jobs } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import {
  callFn,
  callFnError,
  callFnResult,
  errorOf,
  expectError,
  type FnError,
} from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

/**
 * Every folders.* and documents.* function over HTTP on PGlite and PostgreSQL: slug paths,
 * refusals, cursor pages, removal with blobs, retry, search, and "not found" for every id
 * of another organization.
 */

type Page = ResultOf<typeof api.documents.list>;

describe.each(DB_KINDS)("dossier functions (%s)", (kind) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    // No worker: these tests set processing states by hand and count the jobs queued.
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    db = server.running.services.database.db;
  });
  afterAll(async () => {
    await server.close();
  });

  const storage = () => server.running.services.storage;

  const createFolder = (user: TestUser, name: string, parentId?: string | null) =>
    callFn(server, api.folders.create, { name, parentId }, user.token);

  /** A document row as the upload makes it, with its bytes (and a preview) in blob storage. */
  async function insertDocument(
    user: TestUser,
    options: {
      folderId?: string | null;
      name?: string;
      status?: "pending" | "processing" | "completed" | "failed";
      error?: string | null;
      size?: number;
      withPreview?: boolean;
      htmlContent?: string | null;
    } = {},
  ) {
    const id = newId();
    const storageId = `test/${id}`;
    await storage().put(storageId, Buffer.from(`bytes of ${id}`), { contentType: "text/plain" });
    const previewStorageId = options.withPreview ? `test/${id}-preview` : null;
    if (previewStorageId) {
      await storage().put(previewStorageId, Buffer.from("png"), { contentType: "image/png" });
    }
    await db.insert(documents).values({
      id,
      organizationId: user.organizationId,
      folderId: options.folderId ?? null,
      ownerId: user.userId,
      storageId,
      previewStorageId,
      previewContentType: previewStorageId ? "image/png" : null,
      name: options.name ?? `Document ${id.slice(-6)}.txt`,
      fileNameOriginal: options.name ?? "original.txt",
      fileType: "txt",
      mimeType: "text/plain",
      size: options.size ?? 100,
      processingStatus: options.status ?? "completed",
      processingError: options.error ?? null,
      htmlContent: options.htmlContent ?? null,
    });
    return { id, storageId, previewStorageId };
  }

  async function insertChunk(user: TestUser, documentId: string, content: string, ordinal = 0) {
    await db.insert(documentChunks).values({
      id: newId(),
      organizationId: user.organizationId,
      documentId,
      ordinal,
      content,
    });
  }

  describe("folders", () => {
    it("creates folders with slugs and full slug paths, and lists them", async () => {
      const user = await createTestUser(server);
      const contracts = await createFolder(user, "  Contracts & NDAs ");
      expect(contracts).toMatchObject({
        name: "Contracts & NDAs",
        slug: "contracts-ndas",
        path: "contracts-ndas",
        parentId: null,
        ownerId: user.userId,
      });
      const year = await createFolder(user, "2024", contracts._id);
      expect(year).toMatchObject({
        slug: "2024",
        path: "contracts-ndas/2024",
        parentId: contracts._id,
      });
      const q1 = await createFolder(user, "Q1 – Renewals", year._id);
      expect(q1.path).toBe("contracts-ndas/2024/q1-renewals");
      const research = await createFolder(user, "Research");
      // Names without ASCII letters get distinct slugs rather than all colliding.
      const emoji = await createFolder(user, "🚀");
      const chinese = await createFolder(user, "合同");
      expect(emoji.slug).toMatch(/^folder-[0-9a-f]{8}$/);
      expect(chinese.slug).toMatch(/^folder-[0-9a-f]{8}$/);
      expect(chinese.slug).not.toBe(emoji.slug);

      const all = await callFn(server, api.folders.getAll, {}, user.token);
      expect(all.map((f) => f.path)).toEqual([
        "contracts-ndas",
        "contracts-ndas/2024",
        "contracts-ndas/2024/q1-renewals",
        ...[emoji.path, chinese.path].sort(),
        "research",
      ]);
      const top = await callFn(server, api.folders.getSubfolders, { parentId: null }, user.token);
      expect(top.map((f) => f.name)).toEqual(["Contracts & NDAs", "Research", "合同", "🚀"]);
      const children = await callFn(
        server,
        api.folders.getSubfolders,
        { parentId: contracts._id },
        user.token,
      );
      expect(children.map((f) => f._id)).toEqual([year._id]);
      expect(research._creationTime).toBeGreaterThan(Date.now() - 60_000);
    });

    it("refuses a sibling with the same slug, but allows it under another parent", async () => {
      const user = await createTestUser(server);
      const board = await createFolder(user, "Board");
      const result = await callFnError(server, api.folders.create, { name: "BOARD!" }, user.token);
      expectError(result, "CONFLICT", 'A folder named "Board" already exists here.');
      const nested = await createFolder(user, "Board", board._id);
      expect(nested.path).toBe("board/board");
      const invalid = await callFnError(server, api.folders.create, { name: "a/b" }, user.token);
      expectError(invalid, "INVALID_ARGS");
      expect(invalid.message).toContain("Folder name cannot contain / or \\");
    });

    it("finds a folder by its full slug path, tolerating slashes, case and URL encoding", async () => {
      const user = await createTestUser(server);
      const other = await createTestUser(server);
      const contracts = await createFolder(user, "Contracts");
      const year = await createFolder(user, "2024", contracts._id);
      await createFolder(other, "Secret");
      const lookup = (path: string) =>
        callFn(server, api.folders.getFolderIdByFullSlugPath, { path }, user.token);

      expect(await lookup("contracts")).toEqual({ _id: contracts._id });
      expect(await lookup("contracts/2024")).toEqual({ _id: year._id });
      expect(await lookup("/contracts/2024/")).toEqual({ _id: year._id });
      expect(await lookup("//Contracts//2024")).toEqual({ _id: year._id });
      expect(await lookup("contracts%2F2024")).toEqual({ _id: year._id });
      expect(await lookup("%63ontracts/2024")).toEqual({ _id: year._id });
      expect(await lookup("contracts/2025")).toBeNull();
      expect(await lookup("")).toBeNull();
      expect(await lookup("/")).toBeNull();
      expect(await lookup("contracts/%E0%A4%A")).toBeNull();
      // Another organization's folder is not there for this user.
      expect(await lookup("secret")).toBeNull();
    });

    it("renames a folder: new slug, and every path beneath follows", async () => {
      const user = await createTestUser(server);
      const contracts = await createFolder(user, "Contracts");
      const year = await createFolder(user, "2024", contracts._id);
      const q1 = await createFolder(user, "Q1", year._id);
      const lookalike = await createFolder(user, "Contracts archive");

      const renamed = await callFn(
        server,
        api.folders.rename,
        { folderId: contracts._id, name: "Agreements" },
        user.token,
      );
      expect(renamed).toMatchObject({ _id: contracts._id, name: "Agreements", slug: "agreements" });
      expect(renamed.path).toBe("agreements");
      const byId = new Map(
        (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => [f._id, f]),
      );
      expect(byId.get(year._id)?.path).toBe("agreements/2024");
      expect(byId.get(q1._id)?.path).toBe("agreements/2024/q1");
      // A folder whose path merely starts with the same letters is untouched.
      expect(byId.get(lookalike._id)?.path).toBe("contracts-archive");

      const lookup = (path: string) =>
        callFn(server, api.folders.getFolderIdByFullSlugPath, { path }, user.token);
      expect(await lookup("contracts/2024/q1")).toBeNull();
      expect(await lookup("agreements/2024/q1")).toEqual({ _id: q1._id });

      // A change of case only keeps the slug.
      const cased = await callFn(
        server,
        api.folders.rename,
        { folderId: year._id, name: "2024 " },
        user.token,
      );
      expect(cased.path).toBe("agreements/2024");

      const clash = await callFnError(
        server,
        api.folders.rename,
        { folderId: lookalike._id, name: "Agreements" },
        user.token,
      );
      expectError(clash, "CONFLICT", 'A folder named "Agreements" already exists here.');
    });

    it("moves a folder with its subtree, and refuses cycles and duplicate slugs", async () => {
      const user = await createTestUser(server);
      const a = await createFolder(user, "A");
      const b = await createFolder(user, "B", a._id);
      const c = await createFolder(user, "C", b._id);
      const target = await createFolder(user, "Target");
      await createFolder(user, "B", target._id);

      const move = (folderId: string, parentId: string | null) =>
        callFn(server, api.folders.move, { folderId, parentId }, user.token);
      const refuseMove = (folderId: string, parentId: string | null) =>
        callFnError(server, api.folders.move, { folderId, parentId }, user.token);
      const cycle = "A folder cannot be moved into itself or one of its subfolders.";
      expectError(await refuseMove(a._id, a._id), "CONFLICT", cycle);
      expectError(await refuseMove(a._id, b._id), "CONFLICT", cycle);
      expectError(await refuseMove(a._id, c._id), "CONFLICT", cycle);
      expectError(
        await refuseMove(b._id, target._id),
        "CONFLICT",
        'A folder named "B" already exists here.',
      );

      const moved = await move(b._id, null);
      expect(moved).toMatchObject({ _id: b._id, parentId: null, path: "b" });
      const byId = new Map(
        (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => [f._id, f]),
      );
      expect(byId.get(c._id)).toMatchObject({ path: "b/c", parentId: b._id });

      const intoTarget = await move(c._id, target._id);
      expect(intoTarget).toMatchObject({ path: "target/c", parentId: target._id });
      // Moving where it already is changes nothing.
      const same = await move(c._id, target._id);
      expect(same).toMatchObject({ path: "target/c" });
      // A moved folder can still be found by its new path only.
      expect(
        await callFn(server, api.folders.getFolderIdByFullSlugPath, { path: "a/b/c" }, user.token),
      ).toBeNull();
      expect(
        await callFn(
          server,
          api.folders.getFolderIdByFullSlugPath,
          { path: "target/c" },
          user.token,
        ),
      ).toEqual({ _id: c._id });
    });

    it("refuses the second of two concurrent moves that together would make a loop", async () => {
      const user = await createTestUser(server);
      const a = await createFolder(user, "A");
      const b = await createFolder(user, "B");
      const results = await Promise.all([
        callFnResult(server, api.folders.move, { folderId: a._id, parentId: b._id }, user.token),
        callFnResult(server, api.folders.move, { folderId: b._id, parentId: a._id }, user.token),
      ]);
      expect(results.map((r) => r.body.status).sort()).toEqual(["error", "success"]);
      const refused = results.find((r) => r.body.status === "error")!;
      expectError(
        errorOf(refused),
        "CONFLICT",
        "A folder cannot be moved into itself or one of its subfolders.",
      );
      const paths = (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => f.path);
      expect([
        ["a", "a/b"],
        ["b", "b/a"],
      ]).toContainEqual(paths);
    });

    it("keeps folders at most 32 levels deep, on create and on move", async () => {
      const user = await createTestUser(server);
      let parentId: string | null = null;
      const chain: Folder[] = [];
      for (let level = 1; level <= 32; level++) {
        const folder: Folder = await createFolder(user, `L${level}`, parentId);
        chain.push(folder);
        parentId = folder._id;
      }
      const tooDeep = await callFnError(
        server,
        api.folders.create,
        { name: "L33", parentId },
        user.token,
      );
      expectError(tooDeep, "CONFLICT", "Folders can be nested at most 32 levels deep.");
      const branch = await createFolder(user, "Branch");
      await createFolder(user, "Leaf", branch._id);
      const moveDeep = await callFnError(
        server,
        api.folders.move,
        { folderId: branch._id, parentId: chain[30]!._id },
        user.token,
      );
      expectError(moveDeep, "CONFLICT", "Folders can be nested at most 32 levels deep.");
    });

    it("summarizes and removes a folder with everything beneath it, blobs included", async () => {
      const user = await createTestUser(server);
      const doomed = await createFolder(user, "Doomed");
      const child = await createFolder(user, "Child", doomed._id);
      const grandchild = await createFolder(user, "Grandchild", child._id);
      const kept = await createFolder(user, "Kept");
      const inDoomed = await insertDocument(user, { folderId: doomed._id, size: 1000 });
      const inChild = await insertDocument(user, {
        folderId: child._id,
        size: 2500,
        withPreview: true,
      });
      const inGrandchild = await insertDocument(user, { folderId: grandchild._id, size: 500 });
      await insertChunk(user, inChild.id, "a passage of the child document");
      const keptDoc = await insertDocument(user, { folderId: kept._id, withPreview: true });

      const summary = await callFn(
        server,
        api.folders.getRemovalSummary,
        { folderId: doomed._id },
        user.token,
      );
      expect(summary).toEqual({ folders: 3, documents: 3, bytes: 4000 });
      expect(
        await callFn(
          server,
          api.folders.getRemovalSummary,
          { folderId: grandchild._id },
          user.token,
        ),
      ).toEqual({ folders: 1, documents: 1, bytes: 500 });

      const removed = await callFn(
        server,
        api.folders.remove,
        { folderId: doomed._id },
        user.token,
      );
      expect(removed).toEqual({ folders: 3, documents: 3 });

      const remaining = await callFn(server, api.folders.getAll, {}, user.token);
      expect(remaining.map((f) => f._id)).toEqual([kept._id]);
      const docIds = [inDoomed.id, inChild.id, inGrandchild.id];
      for (const id of docIds) {
        expect(await db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
      }
      expect(
        await db.select().from(documentChunks).where(eq(documentChunks.documentId, inChild.id)),
      ).toEqual([]);
      for (const key of [inDoomed.storageId, inChild.storageId, inChild.previewStorageId!]) {
        expect(await storage().stat(key)).toBeUndefined();
      }
      expect(await storage().stat(inGrandchild.storageId)).toBeUndefined();
      // What was elsewhere stays.
      expect(await storage().stat(keptDoc.storageId)).toBeDefined();
      expect(await storage().stat(keptDoc.previewStorageId!)).toBeDefined();
      expect(
        await callFn(server, api.documents.get, { documentId: keptDoc.id }, user.token),
      ).toMatchObject({
        _id: keptDoc.id,
      });

      const again = await callFnError(
        server,
        api.folders.remove,
        { folderId: doomed._id },
        user.token,
      );
      expectError(again, "NOT_FOUND", "Folder was not found.");
    });
  });

  describe("documents", () => {
    it("pages a folder newest first by cursor, with no duplicates or gaps", async () => {
      const user = await createTestUser(server);
      const folder = await createFolder(user, "Big");
      const other = await createFolder(user, "Other");
      const total = 250;
      // Groups of three share a timestamp exactly; neighbouring groups differ by 1 µs.
      await db.execute(sql`
        insert into documents (id, organization_id, folder_id, owner_id, storage_id, name,
          file_type, mime_type, size, processing_status, created_at)
        select gen_random_uuid(), ${user.organizationId}, ${folder._id}, ${user.userId},
          'bulk/' || gen_random_uuid(), 'Bulk ' || g, 'pdf', 'application/pdf', g, 'completed',
          timestamptz '2025-03-01 12:00:00+00' + (g / 3) * interval '1 microsecond'
        from generate_series(1, ${total}) g`);
      await insertDocument(user, { folderId: other._id });
      await insertDocument(user, { folderId: null, name: "Top level.txt" });
      const expected = (
        await db
          .select({ id: documents.id })
          .from(documents)
          .where(eq(documents.folderId, folder._id))
          .orderBy(sql`${documents.createdAt} desc, ${documents.id} desc`)
      ).map((r) => r.id);
      expect(expected).toHaveLength(total);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      for (;;) {
        const page: Page = await callFn(
          server,
          api.documents.list,
          { paginationOpts: { numItems: 20, cursor }, filter: { folderId: folder._id } },
          user.token,
        );
        pages++;
        expect(typeof page.continueCursor).toBe("string");
        for (const doc of page.page) {
          expect(doc.folderId).toBe(folder._id);
          expect(doc).not.toHaveProperty("htmlContent");
          expect(doc).not.toHaveProperty("textContent");
        }
        seen.push(...page.page.map((d) => d._id));
        if (page.isDone) break;
        expect(page.page).toHaveLength(20);
        cursor = page.continueCursor;
        if (pages === 2) {
          // A document added meanwhile lands on the first page, not in the middle.
          await insertDocument(user, { folderId: folder._id, name: "Newest.txt" });
        }
        expect(pages).toBeLessThan(20);
      }
      expect(pages).toBe(Math.ceil(total / 20));
      expect(seen).toEqual(expected);

      const first = await callFn(
        server,
        api.documents.list,
        { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: folder._id } },
        user.token,
      );
      expect(first.page[0]?.name).toBe("Newest.txt");
      expect(first.isDone).toBe(false);

      const top = await callFn(
        server,
        api.documents.list,
        { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: null } },
        user.token,
      );
      expect(top.page.map((d) => d.name)).toEqual(["Top level.txt"]);
      expect(top.isDone).toBe(true);

      const exact = await callFn(
        server,
        api.documents.list,
        { paginationOpts: { numItems: 1, cursor: null }, filter: { folderId: other._id } },
        user.token,
      );
      expect(exact.page).toHaveLength(1);
      expect(exact.isDone).toBe(true);
    });

    it("refuses a cursor it did not make", async () => {
      const user = await createTestUser(server);
      for (const cursor of ["garbage", Buffer.from("2025-01-01|x").toString("base64url")]) {
        const result = await callFnError(
          server,
          api.documents.list,
          { paginationOpts: { numItems: 20, cursor }, filter: { folderId: null } },
          user.token,
        );
        expectError(
          result,
          "INVALID_ARGS",
          "This page of the list is no longer valid. Reload the list and try again.",
        );
      }
    });

    it("gets one document with content and folder path, and several by id", async () => {
      const user = await createTestUser(server);
      const other = await createTestUser(server);
      const folder = await createFolder(user, "Deals");
      const sub = await createFolder(user, "Closing", folder._id);
      const doc = await insertDocument(user, {
        folderId: sub._id,
        name: "SPA.pdf",
        htmlContent: "<p>Share purchase agreement</p>",
        withPreview: true,
      });
      const top = await insertDocument(user, { name: "Memo.txt" });
      const foreign = await insertDocument(other, { name: "Foreign.txt" });
      await db
        .update(documents)
        .set({ metadata: { pages: 12 }, summary: "The parties agree." })
        .where(eq(documents.id, doc.id));

      const got = await callFn(server, api.documents.get, { documentId: doc.id }, user.token);
      expect(got).toMatchObject({
        _id: doc.id,
        name: "SPA.pdf",
        folderId: sub._id,
        folderPath: "deals/closing",
        htmlContent: "<p>Share purchase agreement</p>",
        metadata: { pages: 12 },
        summary: "The parties agree.",
        hasPreview: true,
        processingStatus: "completed",
        fileType: "txt",
        ownerId: user.userId,
      });
      const topGot = await callFn(server, api.documents.get, { documentId: top.id }, user.token);
      expect(topGot).toMatchObject({ folderPath: null, hasPreview: false, htmlContent: null });

      const many = await callFn(
        server,
        api.documents.getMany,
        { documentIds: [top.id, "not-an-id", foreign.id, doc.id, newId(), top.id] },
        user.token,
      );
      expect(many.map((d) => d._id)).toEqual([top.id, doc.id]);
      expect(many[1]).not.toHaveProperty("htmlContent");
    });

    it("renames and moves a document within the organization", async () => {
      const user = await createTestUser(server);
      const target = await createFolder(user, "Target");
      const doc = await insertDocument(user, { name: "draft.docx" });

      const renamed = await callFn(
        server,
        api.documents.rename,
        { documentId: doc.id, name: "  Final agreement.docx " },
        user.token,
      );
      expect(renamed).toMatchObject({ _id: doc.id, name: "Final agreement.docx" });
      expect(renamed.fileNameOriginal).toBe("draft.docx");
      const blank = await callFnError(
        server,
        api.documents.rename,
        { documentId: doc.id, name: "  " },
        user.token,
      );
      expectError(blank, "INVALID_ARGS");

      const moved = await callFn(
        server,
        api.documents.move,
        { documentId: doc.id, folderId: target._id },
        user.token,
      );
      expect(moved.folderId).toBe(target._id);
      const inTarget = await callFn(
        server,
        api.documents.list,
        { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: target._id } },
        user.token,
      );
      expect(inTarget.page.map((d) => d._id)).toEqual([doc.id]);
      const back = await callFn(
        server,
        api.documents.move,
        { documentId: doc.id, folderId: null },
        user.token,
      );
      expect(back.folderId).toBeNull();
    });

    it("removes a document with its chunks and blobs", async () => {
      const user = await createTestUser(server);
      const doc = await insertDocument(user, { withPreview: true });
      const neighbour = await insertDocument(user);
      await insertChunk(user, doc.id, "some words");
      expect(
        await callFn(server, api.documents.remove, { documentId: doc.id }, user.token),
      ).toBeNull();
      expect(await db.select().from(documents).where(eq(documents.id, doc.id))).toEqual([]);
      expect(
        await db.select().from(documentChunks).where(eq(documentChunks.documentId, doc.id)),
      ).toEqual([]);
      expect(await storage().stat(doc.storageId)).toBeUndefined();
      expect(await storage().stat(doc.previewStorageId!)).toBeUndefined();
      expect(await storage().stat(neighbour.storageId)).toBeDefined();
      const again = await callFnError(
        server,
        api.documents.remove,
        { documentId: doc.id },
        user.token,
      );
      expectError(again, "NOT_FOUND", "Document was not found.");
    });

    it("retries only a failed document, queuing a processing job", async () => {
      const user = await createTestUser(server);
      const failed = await insertDocument(user, {
        status: "failed",
        error: "The PDF is damaged and could not be read.",
      });
      const retried = await callFn(
        server,
        api.documents.retry,
        { documentId: failed.id },
        user.token,
      );
      expect(retried).toMatchObject({ processingStatus: "pending", processingError: null });
      const queued = await db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, "process-document"),
            sql`${jobs.payload}->>'documentId' = ${failed.id}`,
          ),
        );
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        organizationId: user.organizationId,
        status: "queued",
        payload: { documentId: failed.id },
      });

      const twice = await callFnError(
        server,
        api.documents.retry,
        { documentId: failed.id },
        user.token,
      );
      expectError(twice, "CONFLICT", "This document is already waiting to be processed.");
      const done = await insertDocument(user, { status: "completed" });
      expectError(
        await callFnError(server, api.documents.retry, { documentId: done.id }, user.token),
        "CONFLICT",
        "This document was processed successfully; only a failed document can be retried.",
      );
      const busy = await insertDocument(user, { status: "processing" });
      expectError(
        await callFnError(server, api.documents.retry, { documentId: busy.id }, user.token),
        "CONFLICT",
        "This document is being processed right now.",
      );
      const jobCount = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.organizationId, user.organizationId));
      expect(Number(jobCount[0]?.n)).toBe(1);
    });

    it("searches chunks by full text, best passage first, only in the caller's organization", async () => {
      const user = await createTestUser(server);
      const other = await createTestUser(server);
      const leases = await createFolder(user, "Leases");
      const sub = await createFolder(user, "Warehouses", leases._id);
      const lease = await insertDocument(user, { folderId: sub._id, name: "Lease.pdf" });
      await insertChunk(user, lease.id, "General provisions and definitions of the parties.", 0);
      await insertChunk(
        user,
        lease.id,
        "The tenant shall indemnify the landlord against all claims arising from the premises. " +
          "This indemnity survives termination; the indemnity is not capped.",
        1,
      );
      const memo = await insertDocument(user, { name: "Memo.txt" });
      await insertChunk(user, memo.id, "A short note that mentions an indemnity once.");
      const pending = await insertDocument(user, { status: "processing", name: "Pending.txt" });
      await insertChunk(user, pending.id, "Indemnify indemnify indemnify.");
      const foreign = await insertDocument(other, { name: "Foreign.txt" });
      await insertChunk(other, foreign.id, "The tenant shall indemnify the landlord in full.");

      const hits = await callFn(
        server,
        api.documents.search,
        { query: "indemnify landlord" },
        user.token,
      );
      expect(hits.map((h) => h.document._id)).toEqual([lease.id]);
      expect(hits[0]!.snippet).toMatch(/indemnify the landlord/i);
      expect(hits[0]!.snippet).not.toMatch(/<b>|<\/b>/);
      expect(hits[0]!.rank).toBeGreaterThan(0);

      const broad = await callFn(server, api.documents.search, { query: "indemnity" }, user.token);
      // One hit per document: the lease says it twice (in its best chunk) and ranks first.
      expect(broad.map((h) => h.document._id)).toEqual([lease.id, memo.id]);
      expect(broad[0]!.rank).toBeGreaterThan(broad[1]!.rank);
      expect(broad.some((h) => h.document._id === foreign.id)).toBe(false);
      expect(broad.some((h) => h.document._id === pending.id)).toBe(false);

      const scoped = await callFn(
        server,
        api.documents.search,
        { query: "indemnity", folderId: leases._id },
        user.token,
      );
      expect(scoped.map((h) => h.document._id)).toEqual([lease.id]);
      const phrase = await callFn(
        server,
        api.documents.search,
        { query: '"tenant shall indemnify"' },
        user.token,
      );
      expect(phrase.map((h) => h.document._id)).toEqual([lease.id]);
      const excluded = await callFn(
        server,
        api.documents.search,
        { query: '"tenant shall indemnify" -premises' },
        user.token,
      );
      expect(excluded).toEqual([]);
      expect(
        await callFn(server, api.documents.search, { query: "the and of" }, user.token),
      ).toEqual([]);
      expect(await callFn(server, api.documents.search, { query: "zyzzyva" }, user.token)).toEqual(
        [],
      );
      const foreignHits = await callFn(
        server,
        api.documents.search,
        { query: "indemnify" },
        other.token,
      );
      expect(foreignHits.map((h) => h.document._id)).toEqual([foreign.id]);
      const blank = await callFnError(server, api.documents.search, { query: "  " }, user.token);
      expectError(blank, "INVALID_ARGS");
    });
  });

  describe("demo seed", () => {
    it("seeds folders and one pending document of every type, with blobs and jobs, once", async () => {
      const first = await seedDemo(db, storage());
      await seedDemo(db, storage());
      const organizationId = first.organizationId;
      const paths = await db
        .select({ path: folders.path })
        .from(folders)
        .where(eq(folders.organizationId, organizationId));
      expect(paths.map((f) => f.path).sort()).toEqual([
        "board",
        "contracts",
        "contracts/2024",
        "research",
      ]);
      const rows = await db
        .select()
        .from(documents)
        .where(eq(documents.organizationId, organizationId));
      expect(rows.map((d) => d.fileType).sort()).toEqual([...FILE_TYPES].sort());
      for (const row of rows) {
        expect(row.processingStatus).toBe("pending");
        expect(row.mimeType).toBe(FILE_TYPE_INFO[row.fileType as FileType].mimeType);
        expect(fileTypeForName(row.name)).toBe(row.fileType);
        expect(await storage().stat(row.storageId)).toEqual({ size: row.size });
        const bytes = await storage().getBuffer(row.storageId, 10_000_000);
        const sniffed = await fileTypeFromBuffer(bytes!);
        const binary = ["pdf", "docx", "xlsx", "pptx", "png", "jpg", "gif", "webp"];
        if (binary.includes(row.fileType)) expect(sniffed?.ext).toBe(row.fileType);
        else expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes!)).not.toBe("");
      }
      const queued = await db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.organizationId, organizationId), eq(jobs.kind, "process-document")));
      expect(queued.map((j) => j.payload.documentId).sort()).toEqual(rows.map((d) => d.id).sort());
    });
  });

  describe("organizations and callers", () => {
    it("answers 'not found' for every id of another organization, and changes nothing", async () => {
      const owner = await createTestUser(server);
      const intruder = await createTestUser(server, { role: "OrganizationAdmin" });
      const folder = await createFolder(owner, "Private");
      const sub = await createFolder(owner, "Inner", folder._id);
      const doc = await insertDocument(owner, {
        folderId: folder._id,
        name: "Private.pdf",
        status: "failed",
        withPreview: true,
      });
      const mine = await createFolder(intruder, "Mine");
      const myDoc = await insertDocument(intruder);

      /** The intruder's attempt at a call, kept to be run below. */
      const attempt =
        <C extends FunctionContract>(contract: C, args: ArgsOf<C>) =>
        (): Promise<FnError> =>
          callFnError(server, contract, args, intruder.token);
      const folderCalls = [
        attempt(api.folders.getSubfolders, { parentId: folder._id }),
        attempt(api.folders.getRemovalSummary, { folderId: folder._id }),
        attempt(api.folders.create, { name: "Sneaky", parentId: folder._id }),
        attempt(api.folders.rename, { folderId: folder._id, name: "Mine now" }),
        attempt(api.folders.move, { folderId: folder._id, parentId: null }),
        attempt(api.folders.move, { folderId: sub._id, parentId: null }),
        attempt(api.folders.move, { folderId: mine._id, parentId: folder._id }),
        attempt(api.folders.remove, { folderId: folder._id }),
        attempt(api.documents.list, {
          paginationOpts: { numItems: 20, cursor: null },
          filter: { folderId: folder._id },
        }),
        attempt(api.documents.search, { query: "anything", folderId: folder._id }),
        attempt(api.documents.move, { documentId: myDoc.id, folderId: folder._id }),
      ];
      for (const call of folderCalls) {
        expectError(await call(), "NOT_FOUND", "Folder was not found.");
      }
      const documentCalls = [
        attempt(api.documents.get, { documentId: doc.id }),
        attempt(api.documents.rename, { documentId: doc.id, name: "Mine" }),
        attempt(api.documents.move, { documentId: doc.id, folderId: null }),
        attempt(api.documents.move, { documentId: doc.id, folderId: mine._id }),
        attempt(api.documents.remove, { documentId: doc.id }),
        attempt(api.documents.retry, { documentId: doc.id }),
      ];
      for (const call of documentCalls) {
        expectError(await call(), "NOT_FOUND", "Document was not found.");
      }
      // Ids that are not ids at all, or that exist nowhere, get the same answer.
      for (const id of ["not-a-uuid", newId()]) {
        expectError(
          await callFnError(
            server,
            api.documents.list,
            { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: id } },
            intruder.token,
          ),
          "NOT_FOUND",
          "Folder was not found.",
        );
        expectError(
          await callFnError(server, api.documents.get, { documentId: id }, intruder.token),
          "NOT_FOUND",
          "Document was not found.",
        );
        expectError(
          await callFnError(
            server,
            api.folders.rename,
            { folderId: id, name: "X" },
            intruder.token,
          ),
          "NOT_FOUND",
          "Folder was not found.",
        );
      }
      expect(
        await callFn(server, api.documents.getMany, { documentIds: [doc.id] }, intruder.token),
      ).toEqual([]);
      expect(await callFn(server, api.folders.getAll, {}, intruder.token)).toEqual([
        expect.objectContaining({ _id: mine._id }),
      ]);

      // Nothing of the owner's changed.
      const folders_ = await callFn(server, api.folders.getAll, {}, owner.token);
      expect(folders_.map((f) => [f._id, f.name, f.path])).toEqual([
        [folder._id, "Private", "private"],
        [sub._id, "Inner", "private/inner"],
      ]);
      const still = await callFn(server, api.documents.get, { documentId: doc.id }, owner.token);
      expect(still).toMatchObject({
        name: "Private.pdf",
        folderId: folder._id,
        processingStatus: "failed",
      });
      expect(await storage().stat(doc.storageId)).toBeDefined();
      expect(await storage().stat(doc.previewStorageId!)).toBeDefined();
      const myDocNow = await callFn(
        server,
        api.documents.get,
        { documentId: myDoc.id },
        intruder.token,
      );
      expect(myDocNow.folderId).toBeNull();
      expect(await db.select().from(folders).where(eq(folders.parentId, folder._id))).toHaveLength(
        1,
      );
    });

    it("lets members and admins of the organization share one dossier", async () => {
      const admin = await createTestUser(server, { role: "OrganizationAdmin" });
      const member = await createTestUser(server, { organizationId: admin.organizationId });
      const folder = await createFolder(admin, "Shared");
      const doc = await insertDocument(admin, { folderId: folder._id });
      const renamed = await callFn(
        server,
        api.folders.rename,
        { folderId: folder._id, name: "Team" },
        member.token,
      );
      expect(renamed.ownerId).toBe(admin.userId);
      expect(
        await callFn(
          server,
          api.documents.rename,
          { documentId: doc.id, name: "Renamed by member" },
          member.token,
        ),
      ).toMatchObject({ name: "Renamed by member" });
    });

    it("gives a superadmin without an organization an empty dossier", async () => {
      const owner = await createTestUser(server);
      const folder = await createFolder(owner, "Owned");
      const doc = await insertDocument(owner, { folderId: folder._id });
      const superadmin = await createTestUser(server, { isSuperadmin: true });
      await db.execute(
        sql`update users set organization_id = null where id = ${superadmin.userId}`,
      );

      expect(await callFn(server, api.folders.getAll, {}, superadmin.token)).toEqual([]);
      expect(
        await callFn(server, api.folders.getSubfolders, { parentId: null }, superadmin.token),
      ).toEqual([]);
      expect(
        await callFn(
          server,
          api.folders.getFolderIdByFullSlugPath,
          { path: "owned" },
          superadmin.token,
        ),
      ).toBeNull();
      expect(
        await callFn(
          server,
          api.documents.list,
          { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: null } },
          superadmin.token,
        ),
      ).toEqual({ page: [], isDone: true, continueCursor: "" });
      expect(
        await callFn(server, api.documents.search, { query: "anything" }, superadmin.token),
      ).toEqual([]);
      expectError(
        await callFnError(server, api.documents.get, { documentId: doc.id }, superadmin.token),
        "NOT_FOUND",
      );
      expectError(
        await callFnError(server, api.folders.remove, { folderId: folder._id }, superadmin.token),
        "NOT_FOUND",
      );
      expectError(
        await callFnError(server, api.folders.create, { name: "Nowhere" }, superadmin.token),
        "FORBIDDEN",
        "Your account does not belong to an organization, so it has no dossier.",
      );
    });

    it("asks for sign-in first", async () => {
      const result = await callFnError(server, api.folders.getAll, {});
      expectError(result, "UNAUTHENTICATED", "Authentication required");
    });
  });
});
