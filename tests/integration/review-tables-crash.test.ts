import type { ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import {
  documentChunks,
  documents,
  reviewTableCells,
  reviewTableColumns,
  reviewTableRows,
} from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import {
  createTableForRun,
  tableAsMarkdown,
  tableFillState,
} from "../../src/server/tables/table-seam.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import { callerAt, callFn } from "../support/call-fn.ts";
import { spawnServer, waitForHealth } from "../support/child-server.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { findFreePort as freePort } from "../support/postgres.ts";
import { DB_KINDS, type DbKind, unique } from "../support/server.ts";
import { cellKey, installTableModel } from "../support/table-model.ts";

/**
 * kill -9 of the real server while it fills a review table, then a restart on
 * the same data (decision 027): every cell ends answered, the cells answered
 * before the crash are not asked again, and only the calls in flight at the
 * crash are asked a second time. The table is made through the workflow seam.
 */

const PASSWORD = "correct horse battery";
const DOCS = 40;
const CONCURRENCY = 4;
const QUESTIONS = [
  { question: "What is the governing law?", answerType: "text" as const },
  { question: "Does it renew automatically?", answerType: "yesNo" as const },
  { question: "What is the fee?", answerType: "currency" as const },
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDatabase<T>(
  env: Record<string, string>,
  look: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await look(database.db);
  } finally {
    await database.close();
  }
}

async function seed(env: Record<string, string>) {
  return withDatabase(env, async (db) => {
    const organization = await createOrganization({ db, name: unique("Org") });
    const email = `${unique("crash")}@example.test`;
    const user = await createUser({
      db,
      email,
      password: PASSWORD,
      firstName: "Crash",
      lastName: "Test",
      organizationId: organization.id,
      role: "Member",
      isSuperadmin: false,
    });
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
    const children: ChildProcess[] = [];
    let fake: FakeOpenAI | undefined;
    afterEach(async () => {
      for (const child of children.splice(0)) {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      await fake?.close();
    });

    it("answers every cell, none twice", { timeout: 240_000 }, async () => {
      fake = await startFakeOpenAI();
      const model = installTableModel(fake, { delayMs: 150 });
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = {
        DATA_DIR: kind === "pglite" ? freshMigratedDataDir() : freshDataDir(),
        ...(kind === "postgres" ? { DATABASE_URL: await freshPostgresUrl() } : {}),
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        WORKER_CONCURRENCY: "1",
        JOB_LEASE_SECONDS: "2",
        OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
        OPENAI_COMPATIBLE_MODELS: "table-model",
        TABLE_FILL_CONCURRENCY: String(CONCURRENCY),
      };
      const { email, tableId, docs } = await seed(env);
      const total = DOCS * QUESTIONS.length;

      const first = spawnServer(env);
      children.push(first.child);
      await waitForHealth(url, first, 120_000);
      const deadline = Date.now() + 90_000;
      while (model.total < total / 3) {
        if (Date.now() > deadline) throw new Error(`filling never started:\n${first.output()}`);
        await sleep(20);
      }
      first.child.kill("SIGKILL");
      expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
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

      const second = spawnServer(env);
      children.push(second.child);
      await waitForHealth(url, second, 120_000);
      const tokens = tokensIn(
        await callFn(callerAt(url), api.auth.signIn, {
          provider: "password",
          params: { email, password: PASSWORD },
        }),
      );
      const until = Date.now() + 120_000;
      for (;;) {
        const table = await callFn(callerAt(url), api.tables.get, { tableId }, tokens.token);
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
