import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueTables, vacuumAllTables, vacuumDueTables } from "./pglite-vacuum.ts";

describe("PGlite VACUUM by autovacuum's rules", () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table churn (id int primary key, counter int not null, body text not null);
      insert into churn select n, 0, repeat('c', 200) from generate_series(1, 1000) n;
      create table "Mixed Case" (id int primary key, v int not null);
      insert into "Mixed Case" select n, 0 from generate_series(1, 100) n;
      create table papers (id int primary key, body text not null);
      create table log (id int primary key);
    `);
    // Everything settled: counts in, every table analyzed, then every table vacuumed (the
    // catalogs' too: ANALYZE rewrote pg_statistic's rows).
    await client.query("select pg_stat_force_next_flush()");
    await client.exec("analyze");
    await client.query("select pg_stat_force_next_flush()");
    await client.exec("vacuum");
  }, 120_000);
  afterAll(async () => {
    await client.close();
  });

  const pages = async (table: string) =>
    (
      await client.query<{ pages: number }>(
        "select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages",
        [table],
      )
    ).rows[0]!.pages;
  const vacuums = async (table: string) =>
    (
      await client.query<{ n: number }>(
        "select vacuum_count::int as n from pg_stat_all_tables where relid = $1::regclass",
        [table],
      )
    ).rows[0]!.n;

  it("leaves a database with nothing due alone", async () => {
    expect(await vacuumDueTables(client)).toEqual([]);
  });

  it("vacuums a table whose dead rows pass 50 and a fifth of its rows, so updates reuse its space", async () => {
    const settled = await pages("churn");
    // Every row rewritten once, nothing vacuumed: the dead versions stay and the table doubles.
    await client.exec("update churn set counter = counter + 1");
    const unvacuumed = await pages("churn");
    expect(unvacuumed).toBeGreaterThanOrEqual(settled * 2 - 1);

    const before = await vacuums("churn");
    expect(await vacuumDueTables(client)).toEqual(["public.churn"]);
    expect(await vacuums("churn")).toBe(before + 1);
    // With a VACUUM after each, nine more rewrites of every row fit in the space it has.
    for (let i = 0; i < 9; i++) {
      await client.exec("update churn set counter = counter + 1");
      expect(await vacuumDueTables(client)).toContain("public.churn");
    }
    expect(await pages("churn")).toBeLessThanOrEqual(unvacuumed + 2);
    expect(
      (await client.query<{ n: number }>("select count(*)::int as n from churn where counter = 10"))
        .rows[0]!.n,
    ).toBe(1000);
  });

  it("waits until the dead rows pass the threshold", async () => {
    // 200 dead rows: 50 + a fifth of 1,000 is 250.
    await client.exec("update churn set counter = counter + 1 where id <= 200");
    expect(await vacuumDueTables(client)).toEqual([]);
    await client.exec("update churn set counter = counter + 1 where id <= 100");
    expect(await vacuumDueTables(client)).toEqual(["public.churn"]);
  });

  it("vacuums a table that only grows once its inserts pass 1,000 and a fifth of its rows", async () => {
    await client.exec("insert into log select generate_series(1, 900)");
    expect(await vacuumDueTables(client)).toEqual([]);
    const before = await vacuums("log");
    await client.exec("insert into log select generate_series(901, 1200)");
    expect(await vacuumDueTables(client)).toEqual(["public.log"]);
    expect(await vacuums("log")).toBe(before + 1);
  });

  it("vacuums a table whose TOAST table is due though the table itself is not", async () => {
    // Sixty values too long to keep in the row, each stored as several TOAST chunks.
    await client.exec(`insert into papers
      select n, (select string_agg(md5(n::text || ':' || k::text), '') from generate_series(1, 300) k)
      from generate_series(1, 60) n`);
    await client.query("select pg_stat_force_next_flush()");
    await client.exec("vacuum papers");
    // 60 dead rows (under 50 + a fifth of 60), several hundred dead chunks.
    await client.exec("update papers set body = reverse(body)");
    expect(await vacuumDueTables(client)).toEqual(["public.papers"]);
    expect(await vacuumDueTables(client)).toEqual([]);
  });

  it("quotes a table's name as it has to be written", async () => {
    for (let i = 0; i < 2; i++) await client.exec(`update "Mixed Case" set v = v + 1`);
    expect(await vacuumDueTables(client)).toEqual([`public."Mixed Case"`]);
  });

  it("vacuums every table older than the freeze age, the catalogs too, so old ids get frozen", async () => {
    // Past the freeze age a table is also past vacuum_freeze_table_age (150 million of 200), so
    // its VACUUM reads every page and freezes the rows older than vacuum_freeze_min_age (50
    // million). Here both are 0, the ages being small.
    await client.exec("set vacuum_freeze_table_age = 0");
    await client.exec("set vacuum_freeze_min_age = 0");
    for (let i = 0; i < 20; i++) await client.exec(`insert into log values (${10_000 + i})`);
    const oldest = async () =>
      (
        await client.query<{ age: number }>(
          "select max(age(relfrozenxid))::int as age from pg_class where relkind in ('r', 'm', 't')",
        )
      ).rows[0]!.age;
    expect(await oldest()).toBeGreaterThan(20);

    const names = await vacuumDueTables(client, { xid: 20 });
    expect(names).toEqual(expect.arrayContaining(["pg_catalog.pg_class", "public.churn"]));
    expect(await oldest()).toBeLessThanOrEqual(20);
    const database = await client.query<{ age: number }>(
      "select age(datfrozenxid)::int as age from pg_database where datname = current_database()",
    );
    expect(database.rows[0]!.age).toBeLessThanOrEqual(20);
  });

  it("gives each table due its size with its indexes, and whether only its age makes it due", async () => {
    await client.exec("update churn set counter = counter + 1");
    const churn = (await dueTables(client)).find((table) => table.name === "public.churn");
    const size = await client.query<{ bytes: number }>(
      "select pg_total_relation_size('churn')::float8 as bytes",
    );
    expect(churn).toEqual({ name: "public.churn", bytes: size.rows[0]!.bytes, urgent: false });
    expect(churn!.bytes).toBeGreaterThan((await pages("churn")) * 8192);
    // With the freeze age lowered to 0 every table is past it.
    const byAge = await dueTables(client, { xid: 0 });
    expect(byAge.find((table) => table.name === "pg_catalog.pg_class")?.urgent).toBe(true);
    expect(byAge.find((table) => table.name === "public.churn")?.urgent).toBe(true);
    expect(await vacuumDueTables(client)).toContain("public.churn");
  });

  it("vacuums every table when asked, the ones not due too (the first round after a start)", async () => {
    // A few dead rows: under the threshold, and, after a restart, uncounted.
    await client.exec("update churn set counter = counter + 1 where id <= 10");
    expect(await vacuumDueTables(client)).toEqual([]);
    const before = await vacuums("churn");
    const names = await vacuumAllTables(client);
    expect(names).toEqual(
      expect.arrayContaining(["pg_catalog.pg_class", "public.churn", `public."Mixed Case"`]),
    );
    // A TOAST table is vacuumed with its owner, never by its own name.
    expect(names.filter((name) => name.startsWith("pg_toast."))).toEqual([]);
    expect(await vacuums("churn")).toBe(before + 1);
    const aborted = new AbortController();
    aborted.abort();
    expect(await vacuumAllTables(client, aborted.signal)).toEqual([]);
  });

  it("refuses a freeze age that is not a whole number", async () => {
    await expect(vacuumDueTables(client, { xid: -1 })).rejects.toThrow(
      "autovacuum_freeze_max_age: expected a whole number of 0 or more, got -1",
    );
    await expect(vacuumDueTables(client, { multixact: 1.5 })).rejects.toThrow(
      "autovacuum_multixact_freeze_max_age",
    );
  });
});

describe("PGlite VACUUM: a closing database", () => {
  it("starts no further table once the signal is aborted", async () => {
    const closing = new AbortController();
    const ran: string[] = [];
    const client = {
      query: async <T>(text: string) => ({
        rows: (text.includes("pg_stat_force_next_flush")
          ? []
          : [{ name: "public.a" }, { name: "public.b" }, { name: "public.c" }]) as T[],
      }),
      exec: async (text: string) => {
        ran.push(text);
        // The database starts closing while the first table is vacuumed.
        closing.abort();
      },
    };
    expect(await vacuumDueTables(client, {}, closing.signal)).toEqual(["public.a"]);
    expect(ran).toEqual(["VACUUM public.a"]);
    expect(await vacuumDueTables(client, {}, closing.signal)).toEqual([]);
    expect(ran).toHaveLength(1);
  });
});
