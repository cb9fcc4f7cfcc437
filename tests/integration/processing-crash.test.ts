import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { loadConfig } from "../../src/server/config.ts";
import { documentChunks, documents, jobs } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { PROCESS_DOCUMENT_JOB } from "../../src/server/ingest/enqueue-processing.ts";
import { enqueueJob } from "../../src/server/jobs/queue.ts";
import { createBlobStorage } from "../../src/server/storage/index.ts";
import { callerAt, callFn } from "../support/call-fn.ts";
import {
  crashEnv,
  crashServers,
  kill9,
  seedMember,
  signIn,
  sleep,
  withDatabase,
} from "../support/crash-server.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";
import { DB_KINDS, type DbKind } from "../support/server.ts";

/**
 * kill -9 of the real server process while it processes documents, then a
 * restart on the same data: every document ends completed (or failed with a
 * reason), none stays "processing", and no job is lost.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER_MAIN = join(ROOT, "src/server/jobs/worker-main.ts");
/** Pages of the slow document: a few seconds of extraction, so the kill lands mid-run. */
const SLOW_PDF_PAGES = 500;

async function slowPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= SLOW_PDF_PAGES; p++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 8; line++) {
      page.drawText(`Page ${p}, line ${line + 1}: quarterly figures for the harbour project.`, {
        x: 50,
        y: 780 - line * 20,
        size: 12,
        font,
      });
    }
  }
  return pdf.save();
}

interface Seeded {
  email: string;
  slowId: string;
  documentIds: string[];
}

/**
 * A user and documents with their jobs, written straight into the stopped
 * server's database and blob storage (the slow one first in the queue).
 */
async function seed(
  env: Record<string, string>,
  options: { slow: boolean } = { slow: true },
): Promise<Seeded> {
  return withDatabase(env, async (db) => {
    const storage = await createBlobStorage(loadConfig(env));
    const { organization, user, email } = await seedMember(db, "crash");
    const files: { name: string; type: FileType; bytes: Uint8Array }[] = [
      ...(options.slow
        ? [{ name: "harbour-report.pdf", type: "pdf" as const, bytes: await slowPdf() }]
        : []),
      ...Array.from({ length: 4 }, (_, n) => ({
        name: `note-${n + 1}.txt`,
        type: "txt" as const,
        bytes: new TextEncoder().encode(
          `Note ${n + 1}. The ferry leaves at nine. Bring the charts.`,
        ),
      })),
      {
        name: "minutes.md",
        type: "md",
        bytes: new TextEncoder().encode("# Minutes\n\nThe board approved the **budget**."),
      },
    ];
    const documentIds: string[] = [];
    for (const [n, file] of files.entries()) {
      const id = newId();
      const storageId = `${organization.id}/${id}`;
      await storage.put(storageId, file.bytes, { contentType: FILE_TYPE_INFO[file.type].mimeType });
      await db.transaction(async (tx) => {
        await tx.insert(documents).values({
          id,
          organizationId: organization.id,
          ownerId: user.id,
          storageId,
          name: file.name,
          fileNameOriginal: file.name,
          fileType: file.type,
          mimeType: FILE_TYPE_INFO[file.type].mimeType,
          size: file.bytes.length,
        });
        // Queued in this order: the slow document is claimed first.
        await enqueueJob(tx, {
          kind: PROCESS_DOCUMENT_JOB,
          organizationId: organization.id,
          payload: { documentId: id },
          runAt: new Date(Date.now() - 60_000 + n * 1000),
        });
      });
      documentIds.push(id);
    }
    return { email, slowId: documentIds[0]!, documentIds };
  });
}

async function statuses(
  url: string,
  token: string,
  ids: string[],
): Promise<Map<string, DocumentSummary>> {
  const found = await callFn(callerAt(url), api.documents.getMany, { documentIds: ids }, token);
  return new Map(found.map((doc) => [doc._id, doc]));
}

describe.each(DB_KINDS)("kill -9 during processing, then a restart, on %s", (kind: DbKind) => {
  const servers = crashServers();

  it("finishes every document: none lost, none left processing", { timeout: 180_000 }, async () => {
    const { url, env } = await crashEnv(kind, { WORKER_CONCURRENCY: "1" });
    const { email, slowId, documentIds } = await seed(env);

    // First run: killed while the slow document is being processed.
    const first = await servers.start(env, url);
    const token = await signIn(url, email);
    const deadline = Date.now() + 60_000;
    while ((await statuses(url, token, [slowId])).get(slowId)?.processingStatus !== "processing") {
      if (Date.now() > deadline) throw new Error(`never saw it processing:\n${first.output()}`);
      await sleep(25);
    }
    expect(await kill9(first)).toEqual({ code: null, signal: "SIGKILL" });
    // The dead process's copy of the file is left in its scratch directory...
    const leftovers = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith(`atrium-job-${first.child.pid}-`));
    expect(leftovers()).toHaveLength(1);

    // What the crash left: the slow document mid-processing, its job claimed by a dead worker.
    const left = await withDatabase(env, async (db) => {
      const [doc] = await db.select().from(documents).where(eq(documents.id, slowId));
      const [job] = await db
        .select()
        .from(jobs)
        .where(eq(jobs.kind, PROCESS_DOCUMENT_JOB))
        .orderBy(jobs.runAt)
        .limit(1);
      return { doc, job };
    });
    expect(left.doc?.processingStatus).toBe("processing");
    expect(left.job).toMatchObject({
      status: "running",
      attempts: 1,
      payload: { documentId: slowId },
    });

    // Second run on the same data: the expired lease brings the job back.
    const second = await servers.start(env, url);
    const until = Date.now() + 120_000;
    let last = new Map<string, DocumentSummary>();
    for (;;) {
      last = await statuses(url, token, documentIds);
      const open = [...last.values()].filter(
        (doc) => doc.processingStatus === "pending" || doc.processingStatus === "processing",
      );
      if (last.size === documentIds.length && open.length === 0) break;
      if (Date.now() > until)
        throw new Error(`still open: ${JSON.stringify(open)}\n${second.output()}`);
      await sleep(200);
    }
    for (const doc of last.values()) {
      expect(doc.processingStatus, JSON.stringify(doc)).toBe("completed");
    }
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
    // ...until the next worker on this host removes it.
    expect(leftovers()).toEqual([]);

    const after = await withDatabase(env, async (db) => ({
      jobs: await db.select().from(jobs).where(eq(jobs.kind, PROCESS_DOCUMENT_JOB)),
      chunks: await db
        .select({ documentId: documentChunks.documentId, ordinal: documentChunks.ordinal })
        .from(documentChunks)
        .where(inArray(documentChunks.documentId, documentIds)),
    }));
    // One job per document, each done; the slow one took a second attempt.
    expect(after.jobs).toHaveLength(documentIds.length);
    expect(after.jobs.map((job) => job.payload.documentId).sort()).toEqual([...documentIds].sort());
    for (const job of after.jobs) expect(job.status).toBe("done");
    expect(after.jobs.find((job) => job.payload.documentId === slowId)?.attempts).toBe(2);
    // Every document is searchable; the slow one's chunks were stored once, not twice.
    expect(new Set(after.chunks.map((c) => c.documentId))).toEqual(new Set(documentIds));
    const slowOrdinals = after.chunks.filter((c) => c.documentId === slowId).map((c) => c.ordinal);
    expect(slowOrdinals.length).toBeGreaterThan(10);
    expect(new Set(slowOrdinals).size).toBe(slowOrdinals.length);
  });
});

describe("a dedicated worker process", () => {
  const servers = crashServers();

  it("processes documents from a shared PostgreSQL and stops cleanly on SIGTERM", {
    timeout: 120_000,
  }, async () => {
    const env: Record<string, string> = {
      DATA_DIR: freshDataDir(),
      DATABASE_URL: await freshPostgresUrl(),
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    };
    const { documentIds } = await seed(env, { slow: false });
    const worker = servers.spawn(env, WORKER_MAIN);
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await withDatabase(env, (db) =>
        db
          .select({ status: documents.processingStatus })
          .from(documents)
          .where(inArray(documents.id, documentIds)),
      );
      if (rows.every((row) => row.status === "completed")) break;
      if (worker.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`not processed: ${JSON.stringify(rows)}\n${worker.output()}`);
      }
      await sleep(250);
    }
    worker.child.kill("SIGTERM");
    expect((await worker.exited).code).toBe(0);
    expect(worker.output()).toContain("job worker started");
  });

  it("refuses to run beside the embedded database, saying why", async () => {
    const worker = servers.spawn({ DATA_DIR: freshMigratedDataDir() }, WORKER_MAIN);
    expect((await worker.exited).code).toBe(1);
    expect(worker.output()).toContain("needs PostgreSQL (set DATABASE_URL)");
  });
});
