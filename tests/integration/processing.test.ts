import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { Services } from "../../src/server/api/context.ts";
import type { Executor } from "../../src/server/db/database.ts";
import { documentChunks, documents, jobs } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { PROCESS_DOCUMENT_JOB } from "../../src/server/ingest/enqueue-processing.ts";
import { GAVE_UP_MESSAGE, type Summarizer } from "../../src/server/ingest/process-document.ts";
import { processDocumentJob } from "../../src/server/ingest/process-document-job.ts";
import { enqueueJob } from "../../src/server/jobs/queue.ts";
import { startJobWorker } from "../../src/server/jobs/start-worker.ts";
import type { JobWorker } from "../../src/server/jobs/worker.ts";
import type { BlobStorage } from "../../src/server/storage/blob-storage.ts";
import { callFn, callFnResult } from "../support/call-fn.ts";
import { type FakeOpenAI, startFakeOpenAI, textReply } from "../support/fake-openai.ts";
import {
  csvFixture,
  DOCX_TEXT,
  docxFixture,
  type Fixture,
  gifFixture,
  HOSTILE_HTML,
  HOSTILE_SVG,
  htmlFixture,
  jpegFixture,
  MARKDOWN_TEXT,
  malformedPdf,
  markdownFixture,
  PPTX_SLIDES,
  pdfFixture,
  pngFixture,
  pptxFixture,
  svgFixture,
  TXT_TEXT,
  txtFixture,
  webpFixture,
  xlsxFixture,
  zipBombDocx,
} from "../support/fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";
import { messageValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * The document pipeline end to end: a stored blob, a document row and its
 * 'process-document' job -> the worker -> text, safe HTML, summary, chunks
 * and preview in the database, every status change live.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FAST = { leaseMs: 2_000, heartbeatMs: 500, pollMs: 200, retryBaseMs: 100 };

/** A file exactly as an upload leaves it: blob stored, row pending, job queued. */
async function addDocument(
  services: Services,
  user: TestUser,
  file: Fixture,
  options: { storeBlob?: boolean } = {},
): Promise<string> {
  const id = newId();
  const storageId = `${user.organizationId}/${id}`;
  if (options.storeBlob !== false) {
    await services.storage.put(storageId, file.bytes, { contentType: file.mimeType });
  }
  await services.database.db.transaction(async (tx) => {
    await tx.insert(documents).values({
      id,
      organizationId: user.organizationId,
      ownerId: user.userId,
      storageId,
      name: file.fileName,
      fileNameOriginal: file.fileName,
      fileType: file.fileType,
      mimeType: file.mimeType,
      size: file.bytes.length,
    });
    await enqueueJob(tx, {
      kind: PROCESS_DOCUMENT_JOB,
      organizationId: user.organizationId,
      payload: { documentId: id },
    });
  });
  return id;
}

async function documentRow(db: Executor, id: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw new Error(`document ${id} is gone`);
  return row;
}

/** The document once processing has ended (completed or failed). */
async function processed(db: Executor, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await documentRow(db, id);
    if (row.processingStatus === "completed" || row.processingStatus === "failed") return row;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${row.processingStatus}`);
    await sleep(100);
  }
}

async function jobOf(db: Executor, documentId: string) {
  const rows = await db.select().from(jobs).where(eq(jobs.kind, PROCESS_DOCUMENT_JOB));
  return rows.filter((row) => row.payload.documentId === documentId);
}

async function chunksOf(db: Executor, documentId: string) {
  return db
    .select()
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
    .orderBy(documentChunks.ordinal);
}

async function readBlob(storage: BlobStorage, key: string): Promise<Buffer | undefined> {
  return storage.getBuffer(key, 50 * 1024 * 1024);
}

/** Storage whose reads fail `failures` times (an outage), then work. */
function flakyStorage(real: BlobStorage, failures: number): BlobStorage {
  let left = failures;
  return new Proxy(real, {
    get(target, property) {
      if (property === "get") {
        return async (key: string) => {
          if (left-- > 0) throw new Error("connect ECONNREFUSED 127.0.0.1:9000");
          return target.get(key);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe.each(DB_KINDS)("document processing on %s", (kind) => {
  let server: TestServer;
  let services: Services;
  let db: Executor;
  let user: TestUser;
  const workers: JobWorker[] = [];
  const sockets: TestSocket[] = [];

  /** A worker as the server runs it, or with other handlers/services for a test. */
  const startWorker = async (options: { services?: Services; summarize?: Summarizer } = {}) => {
    const worker = await startJobWorker(options.services ?? services, {
      handlers: [processDocumentJob({ summarize: options.summarize })],
      timings: FAST,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    // Each test starts the worker it needs.
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    services = server.running.services;
    db = services.database.db;
    user = await createTestUser(server);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await server.close();
  });

  it("processes every supported file type to completed, with text, safe HTML, summary, chunks and preview", async () => {
    await startWorker();
    const files = {
      pdf: await pdfFixture({ pages: 3 }),
      docx: await docxFixture(),
      xlsx: await xlsxFixture(),
      csv: csvFixture(),
      pptx: await pptxFixture(),
      txt: txtFixture(),
      md: markdownFixture(),
      html: htmlFixture(HOSTILE_HTML),
      png: await pngFixture(),
      jpg: await jpegFixture(),
      gif: await gifFixture(),
      webp: await webpFixture(),
      svg: svgFixture(HOSTILE_SVG),
    };
    const ids: Record<string, string> = {};
    for (const [type, file] of Object.entries(files)) {
      ids[type] = await addDocument(services, user, file);
    }
    const rows = Object.fromEntries(
      await Promise.all(
        Object.entries(ids).map(async ([type, id]) => [type, await processed(db, id)] as const),
      ),
    );

    for (const [type, row] of Object.entries(rows)) {
      expect(row, type).toMatchObject({ processingStatus: "completed", processingError: null });
      expect(row.processedAt, type).toBeInstanceOf(Date);
      expect(row.htmlContent, type).toEqual(expect.any(String));
      // Nothing that runs script survives in the stored HTML.
      expect(row.htmlContent, type).not.toMatch(/<script|\bon[a-z]+\s*=|javascript:/i);
      const [job] = await jobOf(db, row.id);
      expect(job, type).toMatchObject({ status: "done", attempts: 1 });
      if (row.previewStorageId) {
        expect(row.previewStorageId).toBe(`${row.storageId}.preview`);
        expect(row.previewContentType).toMatch(/^image\/(png|jpeg)$/);
        const preview = await readBlob(services.storage, row.previewStorageId);
        expect(preview?.length, type).toBeGreaterThan(100);
      }
    }

    // Text of each kind, where a user would look for it.
    expect(rows.pdf?.textContent).toContain("Page 2 covers topic 2 of the field report.");
    expect(rows.pdf?.metadata).toMatchObject({ pages: 3 });
    expect(rows.docx?.textContent).toContain(DOCX_TEXT.paragraph);
    expect(rows.docx?.htmlContent).toContain(DOCX_TEXT.heading);
    expect(rows.xlsx?.htmlContent).toMatch(/<table[\s\S]*North[\s\S]*1200\.5/);
    expect(rows.csv?.htmlContent).toContain("Lovelace, Ada");
    expect(rows.pptx?.textContent).toContain(PPTX_SLIDES[1]?.bullets[0]);
    expect(rows.txt?.textContent).toContain(TXT_TEXT.split("\n")[0]);
    expect(rows.md?.htmlContent).toMatch(/<strong>faster search<\/strong>/);
    expect(MARKDOWN_TEXT).toContain("<script>");
    expect(rows.html?.textContent).toContain("Revenue grew in every region this quarter.");
    expect(rows.html?.htmlContent).not.toContain("evil.example");
    expect(rows.png?.metadata).toMatchObject({ width: 320, height: 200 });
    expect(rows.svg?.textContent ?? "").not.toContain("alert(");

    // Text documents get a summary; pages, sheets and slides a preview image.
    for (const type of ["pdf", "docx", "pptx", "txt", "md", "html"]) {
      expect(rows[type]?.summary, type).toEqual(expect.any(String));
    }
    for (const type of ["pdf", "png", "jpg", "webp"]) {
      expect(rows[type]?.previewStorageId, type).toEqual(expect.any(String));
    }

    // Chunks carry the organization and where they are.
    const pdfChunks = await chunksOf(db, ids.pdf!);
    expect(pdfChunks.length).toBeGreaterThan(0);
    expect(pdfChunks.map((c) => c.ordinal)).toEqual(pdfChunks.map((_, n) => n));
    for (const chunk of pdfChunks) {
      expect(chunk.organizationId).toBe(user.organizationId);
      expect(chunk.location).toMatchObject({ page: expect.any(Number) });
    }
    const slideChunks = await chunksOf(db, ids.pptx!);
    expect(slideChunks.some((c) => c.location.slide === 2)).toBe(true);

    // And the owner finds them with the dossier search.
    const { page: hits } = await callFn(
      server,
      api.documents.search,
      { query: "lighthouse keepers", paginationOpts: { numItems: 20, cursor: null } },
      user.token,
    );
    expect(hits.map((hit) => hit.document._id)).toContain(ids.pdf);
  });

  it("fails a bad file at once with a reason a user can read, without retrying it", async () => {
    await startWorker();
    const broken = await addDocument(services, user, {
      fileName: "broken.pdf",
      fileType: "pdf",
      mimeType: "application/pdf",
      bytes: malformedPdf(),
    });
    const bomb = await addDocument(services, user, {
      fileName: "bomb.docx",
      fileType: "docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: zipBombDocx(),
    });
    for (const id of [broken, bomb]) {
      const row = await processed(db, id);
      expect(row.processingStatus).toBe("failed");
      // A sentence, not a stack trace or an error class.
      expect(row.processingError).toMatch(/^[A-Z][^\n]{10,300}\.$/);
      expect(row.processingError).not.toMatch(/Error:|\n\s+at |node_modules/);
      expect(await chunksOf(db, id)).toEqual([]);
      const [job] = await jobOf(db, id);
      expect(job).toMatchObject({ status: "done", attempts: 1 });
    }
  });

  it("shows every status change live to a subscriber of the document", async () => {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(user.token)).type).toBe("authenticated");
    const id = await addDocument(services, user, await pdfFixture({ pages: 2 }));
    expect(await subscribeFn(socket, "doc", api.documents.get, { documentId: id })).toMatchObject({
      type: "query_result",
      value: { processingStatus: "pending", summary: null },
    });
    const seen: string[] = [];
    const done = (async () => {
      for (;;) {
        const value = messageValue(api.documents.get, await socket.nextResult("doc", 30_000));
        seen.push(value.processingStatus);
        if (value.processingStatus === "completed") return value;
      }
    })();
    await startWorker();
    const completed = await done;
    expect(completed).toMatchObject({ hasPreview: true, summary: expect.any(String) });
    expect(seen.at(-1)).toBe("completed");
    expect(seen.every((status) => status === "processing" || status === "completed")).toBe(true);
  });

  it("fails a document whose file is missing, then completes it after Retry once the file is back", async () => {
    await startWorker();
    const file = txtFixture();
    const id = await addDocument(services, user, file, { storeBlob: false });
    const failed = await processed(db, id);
    expect(failed).toMatchObject({
      processingStatus: "failed",
      processingError: "The uploaded file is missing from storage. Upload it again.",
    });

    await services.storage.put(failed.storageId, file.bytes, { contentType: file.mimeType });
    const retried = await callFnResult(server, api.documents.retry, { documentId: id }, user.token);
    expect(retried.body).toMatchObject({
      status: "success",
      value: { processingStatus: "pending", processingError: null },
    });
    const row = await processed(db, id);
    expect(row).toMatchObject({ processingStatus: "completed", processingError: null });
    expect(row.textContent).toContain("tide tables");
    expect(await jobOf(db, id)).toHaveLength(2);
  });

  it("replaces a document's chunks when it is processed again, never doubling them", async () => {
    await startWorker();
    const id = await addDocument(services, user, await pdfFixture({ pages: 4 }));
    await processed(db, id);
    const before = await chunksOf(db, id);
    expect(before.length).toBeGreaterThan(1);

    await db.update(documents).set({ processingStatus: "pending" }).where(eq(documents.id, id));
    await enqueueJob(db, {
      kind: PROCESS_DOCUMENT_JOB,
      organizationId: user.organizationId,
      payload: { documentId: id },
    });
    await processed(db, id);
    const after = await chunksOf(db, id);
    expect(after.map((c) => [c.ordinal, c.content])).toEqual(
      before.map((c) => [c.ordinal, c.content]),
    );
    const beforeIds = new Set(before.map((c) => c.id));
    expect(after.some((c) => beforeIds.has(c.id))).toBe(false);
  });

  it("finishes the job of a document deleted before it ran, quietly", async () => {
    const id = await addDocument(services, user, txtFixture());
    await db.delete(documents).where(eq(documents.id, id));
    await startWorker();
    const deadline = Date.now() + 15_000;
    while ((await jobOf(db, id))[0]?.status !== "done") {
      if (Date.now() > deadline) throw new Error("the job never finished");
      await sleep(100);
    }
    expect((await jobOf(db, id))[0]).toMatchObject({ status: "done", attempts: 1 });
  });

  it("retries a storage outage and completes the document when storage comes back", async () => {
    await startWorker({ services: { ...services, storage: flakyStorage(services.storage, 1) } });
    const id = await addDocument(services, user, txtFixture());
    const row = await processed(db, id);
    expect(row).toMatchObject({ processingStatus: "completed", processingError: null });
    expect((await jobOf(db, id))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("after the last failed attempt, shows the document failed with a reason instead of processing", async () => {
    await startWorker({ services: { ...services, storage: flakyStorage(services.storage, 100) } });
    const id = await addDocument(services, user, txtFixture());
    const row = await processed(db, id);
    expect(row).toMatchObject({ processingStatus: "failed", processingError: GAVE_UP_MESSAGE });
    // The document is marked failed as the worker gives up, just before the job itself is.
    await expect
      .poll(async () => (await jobOf(db, id))[0]?.status, { timeout: 10_000 })
      .toBe("failed");
    const [job] = await jobOf(db, id);
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    expect(job?.lastError).toContain("ECONNREFUSED");
  });

  it("uses the summarizer's summary when there is one, and keeps the extractive one when it fails", async () => {
    const calls: { documentId: string; text: string }[] = [];
    let fail = false;
    await startWorker({
      summarize: async ({ documentId, text }) => {
        calls.push({ documentId, text });
        if (fail) throw new Error("model unavailable");
        return "  A model wrote this summary.  ";
      },
    });
    const summarized = await addDocument(services, user, txtFixture());
    expect(await processed(db, summarized)).toMatchObject({
      processingStatus: "completed",
      summary: "A model wrote this summary.",
    });
    expect(calls[0]).toMatchObject({
      documentId: summarized,
      text: expect.stringContaining("tide"),
    });

    fail = true;
    const kept = await addDocument(services, user, txtFixture());
    const row = await processed(db, kept);
    expect(row.processingStatus).toBe("completed");
    expect(row.summary).toEqual(expect.any(String));
    expect(row.summary).not.toBe("A model wrote this summary.");
  });

  it("keeps each organization's chunks in that organization", async () => {
    await startWorker();
    const other = await createTestUser(server);
    const mine = await addDocument(services, user, txtFixture());
    const theirs = await addDocument(services, other, txtFixture());
    await Promise.all([processed(db, mine), processed(db, theirs)]);
    const rows = await db
      .select({ documentId: documentChunks.documentId })
      .from(documentChunks)
      .where(and(eq(documentChunks.organizationId, other.organizationId)));
    expect(rows.map((r) => r.documentId)).toEqual(expect.arrayContaining([theirs]));
    expect(rows.map((r) => r.documentId)).not.toContain(mine);
    const { page: hits } = await callFn(
      server,
      api.documents.search,
      { query: "tide tables", paginationOpts: { numItems: 20, cursor: null } },
      other.token,
    );
    expect(hits.map((hit) => hit.document._id)).toEqual([theirs]);
  });
});

describe.each(DB_KINDS)("document summaries by a configured model on %s", (kind) => {
  let fake: FakeOpenAI;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    // The server's own worker, as `npm start` runs it.
    server = await startTestServer(kind, {
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_MODELS: "fake-model",
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("stores the model's summary, having sent it the document's text as data", async () => {
    fake.respond((request) =>
      request.lastUserText.includes("<document>")
        ? textReply("Tide tables for March, with departure rules for the inner basin.")
        : undefined,
    );
    const user = await createTestUser(server);
    const services = server.running.services;
    const id = await addDocument(services, user, txtFixture());
    const row = await processed(services.database.db, id);
    expect(row).toMatchObject({
      processingStatus: "completed",
      summary: "Tide tables for March, with departure rules for the inner basin.",
    });
    const asked = fake.requests.find((request) => request.lastUserText.includes("<document>"));
    expect(asked?.lastUserText).toContain("High water is at six in the morning.");
  });
});
