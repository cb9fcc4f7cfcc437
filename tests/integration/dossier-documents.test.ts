import { and, eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { FILE_TYPE_INFO, FILE_TYPES, type FileType, fileTypeForName } from "#shared/file-types.ts";
import type { Db } from "../../src/server/db/database.ts";
import { documentChunks, documents, drafts, folders, jobs } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createFolder,
  insertChunk,
  insertDocument,
  startDossierServer,
} from "../support/dossier-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer } from "../support/server.ts";

/**
 * Every documents.* function over HTTP on PGlite and PostgreSQL: cursor pages, one document
 * and several, rename, move, removal with chunks and blobs, retry, full-text search; and the
 * demo seed's documents.
 */

type Page = ResultOf<typeof api.documents.list>;

describe.each(DB_KINDS)("dossier functions (%s)", (kind) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await startDossierServer(kind);
    db = server.running.services.database.db;
  });
  afterAll(async () => {
    await server.close();
  });

  const storage = () => server.running.services.storage;

  describe("documents", () => {
    it("pages a folder newest first by cursor, with no duplicates or gaps", async () => {
      const user = await createTestUser(server);
      const folder = await createFolder(server, user, "Big");
      const other = await createFolder(server, user, "Other");
      const total = 250;
      // Groups of three share a timestamp exactly; neighbouring groups differ by 1 µs.
      await db.execute(sql`
        insert into documents (id, organization_id, folder_id, owner_id, storage_id, name,
          file_type, mime_type, size, processing_status, created_at)
        select gen_random_uuid(), ${user.organizationId}, ${folder._id}, ${user.userId},
          'bulk/' || gen_random_uuid(), 'Bulk ' || g, 'pdf', 'application/pdf', g, 'completed',
          timestamptz '2025-03-01 12:00:00+00' + (g / 3) * interval '1 microsecond'
        from generate_series(1, ${total}) g`);
      await insertDocument(server, user, { folderId: other._id });
      await insertDocument(server, user, { folderId: null, name: "Top level.txt" });
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
          await insertDocument(server, user, { folderId: folder._id, name: "Newest.txt" });
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
      const folder = await createFolder(server, user, "Deals");
      const sub = await createFolder(server, user, "Closing", folder._id);
      const doc = await insertDocument(server, user, {
        folderId: sub._id,
        name: "SPA.pdf",
        htmlContent: "<p>Share purchase agreement</p>",
        withPreview: true,
      });
      const top = await insertDocument(server, user, { name: "Memo.txt" });
      const foreign = await insertDocument(server, other, { name: "Foreign.txt" });
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
      const target = await createFolder(server, user, "Target");
      const doc = await insertDocument(server, user, { name: "draft.docx" });

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
      const doc = await insertDocument(server, user, { withPreview: true });
      const neighbour = await insertDocument(server, user);
      await insertChunk(server, user, doc.id, "some words");
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
      const failed = await insertDocument(server, user, {
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
      const done = await insertDocument(server, user, { status: "completed" });
      expectError(
        await callFnError(server, api.documents.retry, { documentId: done.id }, user.token),
        "CONFLICT",
        "This document was processed successfully; only a failed document can be retried.",
      );
      const busy = await insertDocument(server, user, { status: "processing" });
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
      const leases = await createFolder(server, user, "Leases");
      const sub = await createFolder(server, user, "Warehouses", leases._id);
      const lease = await insertDocument(server, user, { folderId: sub._id, name: "Lease.pdf" });
      await insertChunk(
        server,
        user,
        lease.id,
        "General provisions and definitions of the parties.",
        0,
      );
      await insertChunk(
        server,
        user,
        lease.id,
        "The tenant shall indemnify the landlord against all claims arising from the premises. " +
          "This indemnity survives termination; the indemnity is not capped.",
        1,
      );
      const memo = await insertDocument(server, user, { name: "Memo.txt" });
      await insertChunk(server, user, memo.id, "A short note that mentions an indemnity once.");
      const pending = await insertDocument(server, user, {
        status: "processing",
        name: "Pending.txt",
      });
      await insertChunk(server, user, pending.id, "Indemnify indemnify indemnify.");
      const foreign = await insertDocument(server, other, { name: "Foreign.txt" });
      await insertChunk(
        server,
        other,
        foreign.id,
        "The tenant shall indemnify the landlord in full.",
      );

      type SearchArgs = Omit<ArgsOf<typeof api.documents.search>, "paginationOpts">;
      const search = async (args: SearchArgs, token: string) =>
        (
          await callFn(
            server,
            api.documents.search,
            { ...args, paginationOpts: { numItems: 20, cursor: null } },
            token,
          )
        ).page;
      const hits = await search({ query: "indemnify landlord" }, user.token);
      expect(hits.map((h) => h.document._id)).toEqual([lease.id]);
      expect(hits[0]!.passages[0]!.text).toMatch(/indemnify the landlord/i);
      expect(hits[0]!.passages[0]!.text).not.toMatch(/<b>|<\/b>/);
      expect(hits[0]!.score).toBeGreaterThan(0);

      const broad = await search({ query: "indemnity" }, user.token);
      // One hit per document: the lease says it twice (in its best chunk) and ranks first.
      expect(broad.map((h) => h.document._id)).toEqual([lease.id, memo.id]);
      expect(broad[0]!.score).toBeGreaterThan(broad[1]!.score);
      expect(broad.some((h) => h.document._id === foreign.id)).toBe(false);
      expect(broad.some((h) => h.document._id === pending.id)).toBe(false);

      const scoped = await search(
        { query: "indemnity", filters: { folderId: leases._id } },
        user.token,
      );
      expect(scoped.map((h) => h.document._id)).toEqual([lease.id]);
      const phrase = await search({ query: '"tenant shall indemnify"' }, user.token);
      expect(phrase.map((h) => h.document._id)).toEqual([lease.id]);
      const excluded = await search({ query: '"tenant shall indemnify" -premises' }, user.token);
      expect(excluded).toEqual([]);
      expect(await search({ query: "the and of" }, user.token)).toEqual([]);
      expect(await search({ query: "zyzzyva" }, user.token)).toEqual([]);
      const foreignHits = await search({ query: "indemnify" }, other.token);
      expect(foreignHits.map((h) => h.document._id)).toEqual([foreign.id]);
      const blank = await callFnError(
        server,
        api.documents.search,
        { query: "  ", paginationOpts: { numItems: 20, cursor: null } },
        user.token,
      );
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
      // One document of every type, and the demo's saved draft (a DOCX written from a draft).
      const savedDrafts = await db
        .select({ id: drafts.savedDocumentId })
        .from(drafts)
        .where(eq(drafts.organizationId, organizationId));
      const fromDrafts = new Set(savedDrafts.flatMap((d) => (d.id ? [d.id] : [])));
      expect(fromDrafts.size).toBe(1);
      expect(
        rows
          .filter((d) => !fromDrafts.has(d.id))
          .map((d) => d.fileType)
          .sort(),
      ).toEqual([...FILE_TYPES].sort());
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
});
