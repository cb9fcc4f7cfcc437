import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import {
  documentChunks,
  documents,
  reviewTableCells,
  reviewTableColumns,
  reviewTableRows,
} from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import {
  createTableForRun,
  tableAsMarkdown,
  tableFillState,
} from "../../src/server/tables/table-seam.ts";
import { callerAt, callFn } from "../support/call-fn.ts";
import {
  crashEnv,
  crashServers,
  kill9,
  seedMember,
  signIn,
  sleep,
  waitUntil,
  withDatabase,
} from "../support/crash-server.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { DB_KINDS, type DbKind } from "../support/server.ts";
import { cellKey, installTableModel } from "../support/table-model.ts";

/**
 * kill -9 of the real server while it fills a review table, then a restart on
 * the same data (decision 027): every cell ends answered, the cells answered
 * before the crash are not asked again, and only the calls in flight at the
 * crash are asked a second time. The table is made through the workflow seam.
 */

const DOCS = 40;
const CONCURRENCY = 4;
const QUESTIONS = [
  { question: "What is the governing law?", answerType: "text" as const },
  { question: "Does it renew automatically?", answerType: "yesNo" as const },
  { question: "What is the fee?", answerType: "currency" as const },
];

async function seed(env: Record<string, string>) {
  return withDatabase(env, async (db) => {
    const { organization, user, email } = await seedMember(db, "crash");
    const docs = Array.from({ length: DOCS }, (_, i) => ({
      id: newId(),
      name: `Crash contract ${String(i + 1).padStart(2, "0")}.txt`,
    }));
    await db.insert(documents).values(
      docs.map((d) => ({
        id: d.id,
        organizationId: organization.id,
        ownerId: user.id,
        storageId: `test/${d.id}`,
        name: d.name,
        fileType: "txt",
        mimeType: "text/plain",
        size: 100,
        processingStatus: "completed" as const,
      })),
    );
    await db.insert(documentChunks).values(
      docs.map((d) => ({
        id: newId(),
        organizationId: organization.id,
        documentId: d.id,
        ordinal: 0,
        content: `${d.name} is governed by the law of France; the fee is 1,250 EUR; it renews automatically.`,
      })),
    );
    const { tableId } = await db.transaction((tx) =>
      createTableForRun(tx, {
        organizationId: organization.id,
        userId: user.id,
        name: "Crash review",
        documentIds: docs.map((d) => d.id),
        columns: QUESTIONS,
      }),
    );
    return { email, tableId, docs };
  });
}

describe.each(DB_KINDS)(
  "kill -9 while filling a review table, then a restart, on %s",
  (kind: DbKind) => {
    const servers = crashServers();
    let fake: FakeOpenAI | undefined;
    afterEach(async () => {
      await fake?.close();
    });

    it("answers every cell, none twice", { timeout: 240_000 }, async () => {
      fake = await startFakeOpenAI();
      const model = installTableModel(fake, { delayMs: 150 });
      const { url, env } = await crashEnv(kind, {
        WORKER_CONCURRENCY: "1",
        OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
        OPENAI_COMPATIBLE_MODELS: "table-model",
        TABLE_FILL_CONCURRENCY: String(CONCURRENCY),
      });
      const { email, tableId, docs } = await seed(env);
      const total = DOCS * QUESTIONS.length;

      const first = await servers.start(env, url);
      await waitUntil(
        () => model.total >= total / 3,
        90_000,
        () => `filling never started:\n${first.output()}`,
        20,
      );
      expect(await kill9(first)).toEqual({ code: null, signal: "SIGKILL" });
      const callsAtCrash = new Map(model.calls);
      const answeredBefore = await withDatabase(env, async (db) => {
        const state = await tableFillState(db, tableId);
        expect(state.total).toBe(total);
        expect(state.done).toBeGreaterThan(0);
        expect(state.done).toBeLessThan(total);
        return db
          .select({
            id: reviewTableCells.id,
            answer: reviewTableCells.answer,
            documentName: documents.name,
            question: reviewTableColumns.question,
          })
          .from(reviewTableCells)
          .innerJoin(reviewTableRows, eq(reviewTableRows.id, reviewTableCells.rowId))
          .innerJoin(documents, eq(documents.id, reviewTableRows.documentId))
          .innerJoin(reviewTableColumns, eq(reviewTableColumns.id, reviewTableCells.columnId))
          .where(eq(reviewTableCells.status, "done"));
      });

      const second = await servers.start(env, url);
      const token = await signIn(url, email);
      const until = Date.now() + 120_000;
      for (;;) {
        const table = await callFn(callerAt(url), api.tables.get, { tableId }, token);
        if (table.table.progress.done === total) break;
        if (Date.now() > until) {
          throw new Error(
            `not filled: ${JSON.stringify(table.table.progress)}\n${second.output()}`,
          );
        }
        await sleep(200);
      }
      second.child.kill("SIGTERM");
      await second.exited;

      // Every cell asked once, except those in flight at the crash (at most one per slot).
      let askedTwice = 0;
      for (const d of docs) {
        for (const q of QUESTIONS) {
          const calls = model.calls.get(cellKey(d.name, q.question)) ?? 0;
          expect(calls).toBeGreaterThanOrEqual(1);
          expect(calls).toBeLessThanOrEqual(2);
          if (calls === 2) askedTwice++;
        }
      }
      // Asked again: the calls in flight and the answers not yet stored (at most FLUSH_MS of them).
      expect(askedTwice).toBeLessThanOrEqual(total - answeredBefore.length);
      expect(askedTwice).toBeLessThanOrEqual(CONCURRENCY * 4);
      // Cells answered before the crash were not asked again.
      for (const before of answeredBefore) {
        expect(model.calls.get(cellKey(before.documentName, before.question))).toBe(1);
      }
      await withDatabase(env, async (db) => {
        const cells = await db
          .select({
            id: reviewTableCells.id,
            status: reviewTableCells.status,
            answer: reviewTableCells.answer,
          })
          .from(reviewTableCells)
          .where(eq(reviewTableCells.tableId, tableId));
        expect(cells).toHaveLength(total);
        expect(cells.every((c) => c.status === "done" && c.answer)).toBe(true);
        // What was answered before the crash was kept, not asked again.
        const now = new Map(cells.map((c) => [c.id, c.answer]));
        for (const before of answeredBefore) expect(now.get(before.id)).toBe(before.answer);
        // The workflow seam reads it as markdown: a header, a separator and a line per document.
        const markdown = await tableAsMarkdown(db, tableId);
        const lines = markdown.split("\n");
        expect(lines).toHaveLength(DOCS + 2);
        expect(lines[0]).toBe(`| Document | ${QUESTIONS.map((q) => q.question).join(" | ")} |`);
        expect(lines[2]).toContain("| Yes | 1250.00 EUR |");
      });
      // Cells answered before the crash: no second call.
      const totalBefore = [...callsAtCrash.values()].reduce((a, b) => a + b, 0);
      expect(totalBefore).toBeGreaterThan(0);
      expect(model.total).toBe(total + askedTwice);
    });
  },
);
