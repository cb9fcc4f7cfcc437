import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeChangedTables, keepMaintained } from "./pglite-statistics.ts";

/** How many times `table` (of the public schema) has been vacuumed since the database opened. */
async function vacuumCount(client: PGlite, table: string): Promise<number> {
  const result = await client.query<{ n: number }>(
    "select vacuum_count::int as n from pg_stat_user_tables where relname = $1",
    [table],
  );
  return result.rows[0]!.n;
}

describe("PGlite statistics: changed tables analyzed again", () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table notes (id int primary key, thread int not null, body text not null);
      create index notes_thread_idx on notes (thread);
      create table "Mixed Case" (id int primary key);
      create table steady (id int primary key, body text not null);
      insert into steady select n, repeat('s', 100) from generate_series(1, 2000) n;
    `);
    // The inserts' counts reach the statistics before ANALYZE, as the server's rounds do it.
    await client.query("select pg_stat_force_next_flush()");
    await client.exec("analyze");
  }, 120_000);
  afterAll(async () => {
    await client.close();
  });

  const pages = async (table: string) =>
    (
      await client.query<{ relpages: number }>(
        "select relpages from pg_class where oid = $1::regclass",
        [table],
      )
    ).rows[0]!.relpages;

  const plan = async () =>
    (await client.query<{ "QUERY PLAN": string }>("explain execute by_thread(7)")).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");

  it("leaves tables as analyzed alone", async () => {
    expect(await analyzeChangedTables(client)).toEqual([]);
  });

  it("analyzes a table grown from empty, and a kept plan made on its old statistics is made again", async () => {
    // A statement planned while the table was empty: its generic plan scans the whole table.
    await client.exec("prepare by_thread(int) as select id from notes where thread = $1");
    for (let i = 0; i < 6; i++) await client.query("execute by_thread(7)");
    expect(await plan()).toMatch(/Seq Scan on notes/);

    await client.exec(
      "insert into notes select n, n % 500, repeat('x', 200) from generate_series(1, 5000) n",
    );
    // Nothing analyzed it yet: the kept plan still scans 5,000 rows for 10.
    expect(await plan()).toMatch(/Seq Scan on notes/);

    expect(await analyzeChangedTables(client)).toEqual(["public.notes"]);
    expect(await pages("notes")).toBeGreaterThan(100);
    expect(await plan()).toMatch(/Index Scan|Bitmap Heap Scan/);
    // Now as analyzed: nothing more to do.
    expect(await analyzeChangedTables(client)).toEqual([]);
  });

  it("waits for autovacuum's threshold: 50 changed rows and a tenth of the table", async () => {
    const before = await pages("steady");
    expect(before).toBeGreaterThan(20);
    // A few rows: less than 50 + a tenth of the table's 2,000.
    await client.exec(
      "insert into steady select n, repeat('s', 100) from generate_series(2001, 2050) n",
    );
    expect(await analyzeChangedTables(client)).toEqual([]);
    // A fifth more: analyzed.
    await client.exec(
      "insert into steady select n, repeat('s', 100) from generate_series(2051, 2500) n",
    );
    expect(await analyzeChangedTables(client)).toEqual(["public.steady"]);
    expect(await pages("steady")).toBeGreaterThan(before);
  });

  it("analyzes a table whose rows changed without it growing, which its size would not show", async () => {
    const analyzed = async () =>
      (
        await client.query<{ n: number }>(
          "select analyze_count::int as n from pg_stat_user_tables where relname = 'steady'",
        )
      ).rows[0]!.n;
    const before = await analyzed();
    // Every row's body rewritten in place: the same rows, the same size.
    await client.exec("update steady set body = repeat('t', 100)");
    expect(await analyzeChangedTables(client)).toEqual(["public.steady"]);
    expect(await analyzed()).toBe(before + 1);
    expect(await analyzeChangedTables(client)).toEqual([]);
  });

  it("quotes a table's name as it has to be written", async () => {
    await client.exec(`insert into "Mixed Case" select generate_series(1, 1000)`);
    expect(await analyzeChangedTables(client)).toEqual([`public."Mixed Case"`]);
    expect(await pages(`"Mixed Case"`)).toBeGreaterThan(0);
  });

  it("keeps them current on its own until stopped: everything at start, then changed tables, and vacuums (everything in the first round)", async () => {
    await client.exec("create table later (id int primary key)");
    await client.exec("insert into later select generate_series(1, 3000)");
    const vacuumsOf = (table: string) => vacuumCount(client, table);
    // No dead row in it, so never due: only the first round (every table) vacuums it.
    const untouched = await vacuumsOf("Mixed Case");
    const stop = await keepMaintained(client, { allMs: 60_000, roundMs: 50 });
    try {
      await expect.poll(() => vacuumsOf("Mixed Case"), { timeout: 5_000 }).toBe(untouched + 1);
      // The first ANALYZE (every table) is done when it resolves.
      const first = await pages("later");
      expect(first).toBeGreaterThan(0);
      await client.exec("insert into later select generate_series(3001, 9000)");
      await expect.poll(() => pages("later"), { timeout: 5_000 }).toBeGreaterThan(first);
      // And vacuums what is due (pglite-vacuum.ts): every row rewritten leaves 9,000 dead.
      const vacuumed = await vacuumsOf("later");
      await client.exec("update later set id = -id");
      await expect.poll(() => vacuumsOf("later"), { timeout: 5_000 }).toBeGreaterThan(vacuumed);
      // The rounds after the first vacuum only what is due.
      expect(await vacuumsOf("Mixed Case")).toBe(untouched + 1);
    } finally {
      stop();
    }
    const stopped = await pages("later");
    await client.exec("insert into later select generate_series(9001, 20000)");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pages("later")).toBe(stopped);
  });
});

describe("PGlite statistics: a failing round", () => {
  it("is reported once until a round succeeds again, and never once stopped", async () => {
    let fail = true;
    const errors: unknown[] = [];
    const client = {
      query: async <T>() => {
        if (fail) throw new Error("relation is locked");
        return { rows: [] as T[] };
      },
      exec: async () => {
        if (fail) throw new Error("relation is locked");
      },
    };
    // The first round (ANALYZE of every table) fails as it starts: reported, and it starts anyway.
    const stop = await keepMaintained(client, { allMs: 60_000, roundMs: 10 }, (error) =>
      errors.push(error),
    );
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("relation is locked");
    // Rounds keep failing: not reported again.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(errors).toHaveLength(1);
    // A round succeeds, then they fail again: reported again, once.
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 40));
    fail = true;
    await expect.poll(() => errors.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(errors).toHaveLength(2);
    // Stopped: nothing more, even from a round already under way.
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 40));
    fail = true;
    stop();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(errors).toHaveLength(2);
  });
});

describe("PGlite upkeep: large tables vacuumed at a quiet moment", () => {
  let client: PGlite;
  /** What the server's side reports: how long the database has been quiet. */
  let quiet = 0;
  /** 2 MB: `big` (about 5 MB) is large, `small` and the catalogs one uses here are not. */
  const largeBytes = 2 * 1024 * 1024;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table big (id int primary key, body text not null);
      insert into big select n, repeat('b', 100) from generate_series(1, 40000) n;
      create table small (id int primary key, v int not null);
      insert into small select n, 0 from generate_series(1, 500) n;
    `);
  }, 120_000);
  afterAll(async () => {
    await client.close();
  });

  const vacuumsOf = (table: string) => vacuumCount(client, table);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const upkeep = (largeWaitMaxMs: number) =>
    keepMaintained(client, {
      allMs: 60_000,
      roundMs: 30,
      quietMs: () => quiet,
      largeBytes,
      quietForMs: 100,
      largeWaitMaxMs,
      quietCheckMs: 10,
    });

  it("vacuums a large table only once the database has been quiet, and the others at once", async () => {
    expect(
      (await client.query<{ bytes: number }>("select pg_total_relation_size('big') as bytes"))
        .rows[0]!.bytes,
    ).toBeGreaterThan(largeBytes);
    const [big, small] = [await vacuumsOf("big"), await vacuumsOf("small")];
    quiet = 0;
    const stop = await upkeep(60_000);
    try {
      // The first round (every table): the small one now, the large one waits.
      await expect.poll(() => vacuumsOf("small"), { timeout: 5_000 }).toBe(small + 1);
      await settle();
      expect(await vacuumsOf("big")).toBe(big);
      // Quiet for longer than asked: vacuumed.
      quiet = 150;
      await expect.poll(() => vacuumsOf("big"), { timeout: 5_000 }).toBe(big + 1);
      // Due by its dead rows, while busy: it waits again; quiet, vacuumed.
      quiet = 0;
      await client.exec("update big set body = body || 'x' where id <= 20000");
      await client.exec("update small set v = v + 1");
      await expect.poll(() => vacuumsOf("small"), { timeout: 5_000 }).toBe(small + 2);
      await settle();
      expect(await vacuumsOf("big")).toBe(big + 1);
      quiet = 99;
      await settle();
      expect(await vacuumsOf("big")).toBe(big + 1);
      quiet = 100;
      await expect.poll(() => vacuumsOf("big"), { timeout: 5_000 }).toBe(big + 2);
    } finally {
      stop();
    }
  });

  it("vacuums a large table that has waited its longest, quiet or not", async () => {
    quiet = 0;
    await client.exec("update big set body = body || 'y' where id <= 20000");
    const big = await vacuumsOf("big");
    const stop = await upkeep(200);
    try {
      // The first round after a start finds every table, the large one waits at most 200 ms.
      await expect.poll(() => vacuumsOf("big"), { timeout: 5_000 }).toBe(big + 1);
    } finally {
      stop();
    }
  });
});
