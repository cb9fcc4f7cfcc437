import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.ts";
import { type Database, type Executor, readTogether } from "../../src/server/db/database.ts";
import { freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";
import { DB_KINDS } from "../support/server.ts";

/**
 * readTogether (db/database.ts): reads at once on the database, one after another inside a
 * transaction, whose one connection node-postgres would otherwise queue them on (deprecated,
 * refused by pg 9). The admin's organization rows read this way inside the transaction that
 * changed the organization.
 */
describe.each(DB_KINDS)("readTogether (%s)", (kind) => {
  let database: Database;

  beforeAll(async () => {
    database =
      kind === "postgres"
        ? await openDatabase({ databaseUrl: await freshPostgresUrl(), dataDir: "", poolSize: 2 })
        : await openDatabase({ dataDir: freshMigratedDataDir() });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  /** Two reads that note when each starts and ends; the first takes a while. */
  const timedReads = (db: Executor, events: string[]) =>
    [
      async () => {
        events.push("first started");
        await db.execute(sql`select pg_sleep(${0.05})`);
        events.push("first done");
        return 1;
      },
      async () => {
        events.push("second started");
        const result = (await db.execute(sql`select ${2}::int as n`)) as unknown as {
          rows: Array<{ n: number }>;
        };
        events.push("second done");
        return result.rows[0]!.n;
      },
    ] as const;

  it("runs the reads one after another inside a transaction, with their answers in order", async () => {
    const events: string[] = [];
    const answers = await database.db.transaction((tx) => readTogether(tx, timedReads(tx, events)));
    expect(answers).toEqual([1, 2]);
    expect(events).toEqual(["first started", "first done", "second started", "second done"]);
  });

  it("starts them all at once on the database", async () => {
    const events: string[] = [];
    const answers = await readTogether(database.db, timedReads(database.db, events));
    expect(answers).toEqual([1, 2]);
    expect(events.slice(0, 2)).toEqual(["first started", "second started"]);
  });

  it("fails with the first read that fails, and the transaction with it", async () => {
    await expect(
      database.db.transaction((tx) =>
        readTogether(tx, [
          () => tx.execute(sql`select 1 / ${0}::int`),
          () => tx.execute(sql`select 1`),
        ] as const),
      ),
    ).rejects.toMatchObject({ cause: { code: "22012" } });
  });
});
