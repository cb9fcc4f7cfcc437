import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  withDefaultPreparedStatements,
  withoutPreparedStatements,
  withPreparedStatements,
} from "./database.ts";
import { installPreparedStatements, type PreparedStatementStats } from "./pglite-prepared.ts";

const SETUP = `
  create table items (id text primary key, n int not null, data jsonb, at timestamptz not null default now(), ok boolean);
  insert into items (id, n, data, ok) values ('a', 1, '{"x":1}', true), ('b', 2, null, false);
`;

/**
 * An empty database made once (initdb: seconds of CPU); every instance of this file is a copy of
 * it (PGlite's clone: its data dir dumped and loaded).
 */
let empty: Promise<PGlite> | undefined;
async function freshPglite(): Promise<PGlite> {
  empty ??= PGlite.create();
  return (await empty).clone() as Promise<PGlite>;
}
afterAll(async () => {
  await (await empty)?.close();
});

/** The same statements through named statements and through PGlite's own query give the same answers. */
describe.each([
  ["named statements", true],
  ["fallback (PGlite's query)", false],
])("PGlite prepared statements: %s", (_name, enabled) => {
  let client: PGlite;
  let stats: PreparedStatementStats;
  let plain: PGlite;

  beforeAll(async () => {
    client = await freshPglite();
    plain = await freshPglite();
    await client.exec(SETUP);
    await plain.exec(SETUP);
    ({ stats } = installPreparedStatements(client, { enabled }));
  }, 300_000);
  afterAll(async () => {
    await client.close();
    await plain.close();
  });

  const select = "select id, n, data, at, ok from items where n >= $1 order by id";

  it("answers a read as PGlite's query does, in object and array rows", async () => {
    // Rows no other test changes, and a text of this test's own: any order of the tests holds.
    const read = select.replace(" order by", " and id in ('a', 'b') order by");
    const before = { ...stats };
    const expected = await plain.query(read, [1]);
    const got = await withPreparedStatements(() => client.query(read, [1]));
    expect(got.rows.map((r) => ({ ...(r as object), at: undefined }))).toEqual(
      expected.rows.map((r) => ({ ...(r as object), at: undefined })),
    );
    expect((got.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const arrays = await withPreparedStatements(() =>
      client.query(read, [2], { rowMode: "array" }),
    );
    expect(arrays.rows).toEqual([["b", 2, null, expect.any(Date), false]]);
    const prepared = stats.prepared - before.prepared;
    const executed = stats.executed - before.executed;
    if (enabled) expect({ prepared, executed }).toEqual({ prepared: 1, executed: 2 });
    else expect(stats.executed).toBe(0);
  });

  it("parses each column with the caller's parser for its type, else the client's, as PGlite's query does", async () => {
    // Literal timestamps: the two databases' rows were written at different times.
    const read = `select '2026-01-02 03:04:05+00'::timestamptz as at, n, data, ok, '1 day'::interval as span, 12345678901::int8 as big,
      null::timestamptz as never, array[1.5, 2]::numeric[] as amounts
      from items where id = $1`;
    // drizzle's kind of parsers: its own for timestamps and intervals (the text as it came).
    const parsers = {
      1184: (value: string) => `at ${value}`,
      1186: (value: string, typeId?: number) => `${typeId}: ${value}`,
    };
    for (const rowMode of ["object", "array"] as const) {
      const expected = await plain.query(read, ["a"], { rowMode, parsers });
      const got = await withPreparedStatements(() =>
        client.query(read, ["a"], { rowMode, parsers }),
      );
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(
        expected.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      );
    }
    const [row] = (await withPreparedStatements(() => client.query(read, ["a"], { parsers })))
      .rows as Array<Record<string, unknown>>;
    expect(row).toMatchObject({
      n: 1,
      data: { x: 1 },
      ok: true,
      span: "1186: 1 day",
      never: null,
    });
    expect(row!.at).toBe("at 2026-01-02 03:04:05+00");
    // Without the caller's parsers: the client's (a Date, a number).
    const [plainRow] = (await withPreparedStatements(() => client.query(read, ["a"])))
      .rows as Array<Record<string, unknown>>;
    expect(plainRow).toEqual((await plain.query(read, ["a"])).rows[0]);
    expect(plainRow!.at).toBeInstanceOf(Date);
  });

  it("binds parameters by their types (json text, booleans, nulls) and counts writes", async () => {
    const insert = "insert into items (id, n, data, ok) values ($1, $2, $3::jsonb, $4)";
    await withPreparedStatements(async () => {
      await client.query(insert, ["c", 3, JSON.stringify({ y: [1, 2] }), true]);
      await client.query(insert, ["d", 4, null, null]);
    });
    const updated = await withPreparedStatements(() =>
      client.query("update items set n = n + 10 where n >= $1 and id in ('c', 'd')", [3]),
    );
    expect(updated.affectedRows).toBe(2);
    const rows = await client.query<{ id: string; data: unknown; ok: boolean | null }>(
      "select id, data, ok from items where id in ('c', 'd') order by id",
    );
    expect(rows.rows).toEqual([
      { id: "c", data: { y: [1, 2] }, ok: true },
      { id: "d", data: null, ok: null },
    ]);
  });

  it("runs inside a transaction, and a failed statement rolls it back with PostgreSQL's code", async () => {
    const insert = "insert into items (id, n) values ($1, $2)";
    const error = await withPreparedStatements(() =>
      client.transaction(async (tx) => {
        await tx.query(insert, ["e", 5]);
        await tx.query(insert, ["e", 6]);
      }),
    ).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("23505");
    const left = await client.query("select id from items where id = 'e'");
    expect(left.rows).toEqual([]);
    await withPreparedStatements(() =>
      client.transaction(async (tx) => {
        await tx.query(insert, ["f", 7]);
      }),
    );
    expect((await client.query("select n from items where id = 'f'")).rows).toEqual([{ n: 7 }]);
  });

  it("prepares again a statement that was dropped, and leaves statements outside the scope alone", async () => {
    await withPreparedStatements(() => client.query(select, [1]));
    await client.exec("deallocate all");
    const again = await withPreparedStatements(() => client.query(select, [100]));
    expect(again.rows).toEqual([]);
    const before = stats.executed;
    await withoutPreparedStatements(() => withPreparedStatements(() => Promise.resolve()));
    await withoutPreparedStatements(() => client.query(select, [1]));
    await client.query(select, [1]);
    expect(stats.executed).toBe(before);
  });

  it("reports a syntax error as PGlite's query does, and keeps working", async () => {
    const error = await withPreparedStatements(() => client.query("selec 1", [])).catch(
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe("42601");
    const ok = await withPreparedStatements(() => client.query("select $1::int as v", [3]));
    expect(ok.rows).toEqual([{ v: 3 }]);
  });
});

/** Decision 032, "PGlite request cost": named statements outside any scope, and a bounded set. */
describe("PGlite prepared statements everywhere, least recently used closed", () => {
  let client: PGlite;
  let stats: PreparedStatementStats;
  let control: ReturnType<typeof installPreparedStatements>;

  beforeAll(async () => {
    client = await freshPglite();
    await client.exec(SETUP);
    control = installPreparedStatements(client, { maxStatements: 3 });
    ({ stats } = control);
  }, 300_000);
  afterAll(async () => {
    await client.close();
  });

  const named = async (): Promise<string[]> =>
    (
      await withoutPreparedStatements(() =>
        client.query<{ name: string }>("select name from pg_prepared_statements order by name"),
      )
    ).rows.map((r) => r.name);

  it("uses named statements outside any scope once set everywhere, never inside withoutPreparedStatements", async () => {
    control.setEverywhere(false);
    const start = stats.executed;
    await client.query("select n from items where id = $1", ["a"]);
    expect(stats.executed).toBe(start);
    control.setEverywhere(true);
    const row = await client.query("select n from items where id = $1", ["a"]);
    expect(row.rows).toEqual([{ n: 1 }]);
    expect(stats.executed).toBe(start + 1);
    await withoutPreparedStatements(() => client.query("select n from items where id = $1", ["b"]));
    // A notification's work runs with the default, not the scope it was raised in.
    await withoutPreparedStatements(() =>
      withDefaultPreparedStatements(() => client.query("select n from items where id = $1", ["b"])),
    );
    expect(stats.executed).toBe(start + 2);
    await client.transaction(async (tx) => {
      await tx.query("update items set n = n + 1 where id = $1", ["a"]);
      await tx.query("update items set n = n - 1 where id = $1", ["a"]);
    });
    expect(stats.executed).toBe(start + 4);
    expect((await client.query("select n from items where id = 'a'")).rows).toEqual([{ n: 1 }]);
  });

  it("keeps at most maxStatements named statements, closing the least recently used", async () => {
    control.setEverywhere(true);
    const texts = [1, 2, 3, 4, 5].map((i) => `select $1::int + ${i} as v`);
    for (const [i, text] of texts.entries()) {
      expect((await client.query(text, [10])).rows).toEqual([{ v: 11 + i }]);
    }
    const names = await named();
    expect(names).toHaveLength(3);
    expect(stats.closed).toBeGreaterThanOrEqual(2);
    // The most recent three are kept; a closed text is prepared again and answers the same.
    const preparedBefore = stats.prepared;
    await client.query(texts[4]!, [1]);
    expect(stats.prepared).toBe(preparedBefore);
    expect((await client.query(texts[0]!, [1])).rows).toEqual([{ v: 2 }]);
    expect(stats.prepared).toBe(preparedBefore + 1);
    expect(await named()).toHaveLength(3);
  });
});
