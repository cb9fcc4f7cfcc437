import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database.ts";
import { MAX_NAMED_PER_CONNECTION, statementName } from "../../src/server/db/pg-named.ts";
import { openPostgres } from "../../src/server/db/postgres.ts";
import { freshPostgresUrl } from "../support/databases.ts";

/**
 * Named statements on PostgreSQL (src/server/db/pg-named.ts, decision 032 "Named statements on
 * PostgreSQL"): a statement with parameters is parsed once per connection from its second
 * sight, answers exactly as unnamed, inside transactions and after errors too, and a
 * connection never holds more than MAX_NAMED_PER_CONNECTION of them; a stale one goes unnamed.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

/** The named statements of the connection that runs this (pool of one: always the same). */
const preparedNames = (database: Database) =>
  rowsOf<{ name: string }>(database, sql`select name from pg_prepared_statements`).then((rows) =>
    rows.map((row) => row.name),
  );

describe("named statements on PostgreSQL", () => {
  let named: Database;
  let unnamed: Database;
  let url: string;
  const previous = process.env.ATRIUM_PG_PREPARED;

  beforeAll(async () => {
    url = await freshPostgresUrl();
    // One connection each, so pg_prepared_statements shows that connection's statements.
    process.env.ATRIUM_PG_PREPARED = "1";
    named = await openPostgres(url, { dataDir: "", poolSize: 2, livePoolSize: 0 });
    process.env.ATRIUM_PG_PREPARED = "0";
    unnamed = await openPostgres(url, { dataDir: "", poolSize: 2, livePoolSize: 0 });
    process.env.ATRIUM_PG_PREPARED = "1";
    await named.db.execute(sql`create table named_probe (id int primary key, label text)`);
  }, 120_000);

  afterAll(async () => {
    if (previous === undefined) delete process.env.ATRIUM_PG_PREPARED;
    else process.env.ATRIUM_PG_PREPARED = previous;
    await named?.close();
    await unnamed?.close();
  });

  /** Runs `fn` on one connection of `database` (a transaction holds it). */
  const onOneConnection = <T>(database: Database, fn: (tx: Database["db"]) => Promise<T>) =>
    database.db.transaction((tx) => fn(tx as unknown as Database["db"]));

  it("names a statement from its second sight and answers as the unnamed one", async () => {
    const text = (n: number) => sql`select ${n}::int + 1 as next, 'probe-a' as tag`;
    const expected = statementName("select $1::int + 1 as next, 'probe-a' as tag");
    await onOneConnection(named, async (tx) => {
      const first = (await tx.execute(text(1))) as unknown as Rows<{ next: number }>;
      const names1 = (
        (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as Rows<{
          name: string;
        }>
      ).rows.map((r) => r.name);
      expect(names1).not.toContain(expected);
      const second = (await tx.execute(text(2))) as unknown as Rows<{ next: number }>;
      const third = (await tx.execute(text(3))) as unknown as Rows<{ next: number }>;
      const names2 = (
        (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as Rows<{
          name: string;
        }>
      ).rows.map((r) => r.name);
      expect(names2).toContain(expected);
      expect([first.rows[0]?.next, second.rows[0]?.next, third.rows[0]?.next]).toEqual([2, 3, 4]);
    });
    const plain = await rowsOf<{ next: number }>(unnamed, text(41));
    expect(plain[0]?.next).toBe(42);
    expect(await preparedNames(unnamed)).toEqual([]);
  });

  it("keeps a transaction's writes and a failed statement's rollback as without names", async () => {
    const insert = (id: number, label: string) =>
      sql`insert into named_probe (id, label) values (${id}, ${label})`;
    for (const database of [named, unnamed]) {
      const base = database === named ? 100 : 200;
      // Seen twice before, so the insert is named in the transaction below.
      await database.db.execute(insert(base, "a"));
      await database.db.execute(insert(base + 1, "b"));
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(insert(base + 2, "c"));
          await tx.execute(insert(base + 2, "duplicate")); // a unique violation
        }),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      // The connection works on, and the failed transaction left nothing.
      await database.db.execute(insert(base + 3, "d"));
      const rows = await rowsOf<{ id: number; label: string }>(
        database,
        sql`select id, label from named_probe where id between ${base} and ${base + 99} order by id`,
      );
      expect(rows.map((r) => [r.id, r.label])).toEqual([
        [base, "a"],
        [base + 1, "b"],
        [base + 3, "d"],
      ]);
    }
  });

  it("holds at most MAX_NAMED_PER_CONNECTION statements on a connection", async () => {
    await onOneConnection(named, async (tx) => {
      for (let i = 0; i < MAX_NAMED_PER_CONNECTION + 30; i++) {
        const query = sql`select ${i}::int as n, ${sql.raw(`'bound-${i}'`)} as tag`;
        for (let seen = 0; seen < 2; seen++) {
          const rows = ((await tx.execute(query)) as unknown as Rows<{ n: number; tag: string }>)
            .rows;
          expect(rows[0]).toEqual({ n: i, tag: `bound-${i}` });
        }
      }
      const count = (
        (await tx.execute(
          sql`select count(*)::int as count from pg_prepared_statements`,
        )) as unknown as Rows<{ count: number }>
      ).rows[0]?.count;
      expect(count).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION);
      expect(count).toBeGreaterThan(MAX_NAMED_PER_CONNECTION - 10);
    });
  });

  it("sends a statement PostgreSQL refuses as stale unnamed from then on", async () => {
    // One connection, so the stale name is met exactly once.
    const single = await openPostgres(url, { dataDir: "", poolSize: 1, livePoolSize: 0 });
    try {
      await single.db.execute(sql`create table named_stale (id int, a text)`);
      await single.db.execute(sql`insert into named_stale values (1, 'x')`);
      const read = () =>
        rowsOf<Record<string, unknown>>(single, sql`select * from named_stale where id = ${1}`);
      for (let i = 0; i < 4; i++) expect(await read()).toEqual([{ id: 1, a: "x" }]);
      await single.db.execute(sql`alter table named_stale add column b text`);
      // "cached plan must not change result type" once (the error reaches the caller, as any
      // other), then the text goes unnamed on this connection and answers with the new column.
      await expect(read()).rejects.toMatchObject({ cause: { code: "0A000" } });
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id: 1, a: "x", b: null }]);
    } finally {
      await single.close();
    }
  });
});
