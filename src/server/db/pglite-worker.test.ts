import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onLiveConnection, withoutPreparedStatements, withPreparedStatements } from "./database.ts";
import { createPgliteDataDir } from "./pglite-initdb.ts";
import { type RemotePglite, startPgliteWorker } from "./pglite-remote.ts";

/**
 * The protocol between the main thread and PGlite's worker (pglite-remote.ts, pglite-worker.ts):
 * every answer compared with PGlite's own in this thread (an in-memory instance with the same
 * statements), errors with their fields, transactions, notifications, close.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-pglite-worker-"));
let remote: RemotePglite;
let local: PGlite;

const SETUP = `
  create table if not exists proto_items (
    id text primary key, n int not null, email text, data jsonb,
    constraint proto_items_email_unique unique (email)
  );
  create table if not exists proto_refs (id int primary key, item text references proto_items(id));
`;

/**
 * One database is created (createPgliteDataDir: initdb and the migrations, in a child process,
 * seconds of CPU) and every instance of this file opens a copy of it.
 */
const template = path.join(scratch, "template");
async function copyOfTemplate(name: string): Promise<string> {
  const dataDir = path.join(scratch, name);
  fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

beforeAll(async () => {
  await createPgliteDataDir(template);
  local = await PGlite.create(path.join(await copyOfTemplate("local"), "pglite"), {
    extensions: { vector },
  });
  await local.exec("create extension if not exists vector");
  await local.exec(SETUP);
}, 300_000);

afterAll(async () => {
  await local?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/**
 * Every case runs twice: with the worker going idle as soon as its queue is empty, and with it
 * waiting for its next message first (`idleSpinUs`, decision 032 "The worker hop"), long enough
 * that every next statement is taken by that wait rather than by the thread's message event.
 */
const IDLE_WAITS = [0, 20_000];

/** Drizzle's options for its statements (drizzle-orm/pglite/session.js): dates stay text. */
const drizzleOptions = (rowMode: "array" | "object"): QueryOptions => ({
  rowMode,
  parsers: Object.fromEntries(
    [
      types.TIMESTAMP,
      types.TIMESTAMPTZ,
      types.INTERVAL,
      types.DATE,
      1231,
      1115,
      1185,
      1187,
      1182,
    ].map((oid) => [oid, (value: string) => value]),
  ),
});

const EVERY_TYPE = `select
  now()::timestamptz(0) as at, '2026-11-25 10:00:00'::timestamp as local_at, '2026-11-25'::date as day,
  '1 day 02:00'::interval as span, 9007199254740993::int8 as big, 12.50::numeric as amount,
  1.5::float8 as ratio, 42::int4 as n, true as yes, null::text as nothing,
  '\\x00ff10'::bytea as bytes, '{"a":[1,{"b":null}]}'::jsonb as doc, '[1,2]'::json as plain_json,
  '[1,2.5,3]'::vector as embedding, array['a','b',null] as texts, array[1,2,3]::int8[] as bigs,
  array['2026-11-25 10:00:00+00'::timestamptz] as ats, array[1.5]::numeric[] as amounts,
  '5a1d3c84-7f4e-4a7a-9f3c-0c1a2b3c4d5e'::uuid as id, 'déjà vu ✓'::text as unicode`;

describe.each(IDLE_WAITS)("idle wait %i µs", (idleSpinUs) => {
  beforeAll(async () => {
    const dataDir = await copyOfTemplate(`data-${idleSpinUs}`);
    remote = await startPgliteWorker({
      dir: path.join(dataDir, "pglite"),
      sharedBuffers: "16MB",
      idleSpinUs,
    });
    // The protocol is what is tested (on its own tables): named statements everywhere from now.
    await remote.serve();
    await remote.exec(SETUP);
  }, 300_000);

  afterAll(async () => {
    await remote?.close();
  });

  describe("PGlite through its worker: values", () => {
    it.each([
      ["object rows", { rowMode: "object" } as QueryOptions],
      ["array rows", { rowMode: "array" } as QueryOptions],
      ["drizzle's object rows", drizzleOptions("object")],
      ["drizzle's array rows", drizzleOptions("array")],
      ["no options", undefined],
    ])("every type arrives as PGlite gives it in-thread: %s", async (_name, options) => {
      const [got, expected] = await Promise.all([
        remote.query(EVERY_TYPE, [], options),
        local.query(EVERY_TYPE, [], options),
      ]);
      // now() differs between the two databases: compare its shape, then the rest exactly.
      const strip = (rows: unknown[]) =>
        rows.map((row) =>
          Array.isArray(row) ? row.slice(1) : { ...(row as object), at: undefined },
        );
      expect(strip(got.rows)).toEqual(strip(expected.rows));
      // The vector type's id is the extension's, different in each database.
      const ids = (fields: { name: string; dataTypeID: number }[]) =>
        fields.map((f) => (f.name === "embedding" ? { name: f.name } : f));
      expect(ids(got.fields)).toEqual(ids(expected.fields));
      expect(got.affectedRows).toBe(expected.affectedRows);
      const first = got.rows[0] as Record<string, unknown> | unknown[];
      const at = Array.isArray(first) ? first[0] : first.at;
      const expectedAt = Array.isArray(expected.rows[0])
        ? (expected.rows[0] as unknown[])[0]
        : (expected.rows[0] as Record<string, unknown>).at;
      expect(typeof at).toBe(typeof expectedAt);
      if (expectedAt instanceof Date) expect(at).toBeInstanceOf(Date);
      const bytes = Array.isArray(first) ? first[10] : first.bytes;
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect([...(bytes as Uint8Array)]).toEqual([0, 255, 16]);
    });

    it("parameters of every type reach PostgreSQL as they do in-thread", async () => {
      const text =
        "select $1::timestamptz as at, $2::bytea as bytes, $3::jsonb as doc, $4::int8 as big, $5::text[] as texts, $6::text as nothing, $7::bool as yes, $8::vector as embedding";
      const params = [
        new Date("2026-11-25T10:00:00.123Z"),
        Buffer.from([1, 2, 3]),
        { a: [1, "two", null] },
        9007199254740993n,
        ["x", null, "z"],
        null,
        false,
        "[1,2,3]",
      ];
      const [got, expected] = await Promise.all([
        remote.query(text, params),
        local.query(text, params),
      ]);
      expect(got.rows).toEqual(expected.rows);
    });

    it("a 2,000-row result, through drizzle, as in-thread", async () => {
      const query = sql`select g as id, md5(g::text) as name, now() - g * interval '1 minute' as at, g % 3 = 0 as flag from generate_series(1, 2000) g order by g`;
      const viaWorker = drizzle(remote as unknown as PGlite);
      const inThread = drizzle(local);
      const [got, expected] = await Promise.all([
        viaWorker.execute(query),
        inThread.execute(query),
      ]);
      expect(got.rows.length).toBe(2000);
      expect(got.rows.map((r) => [r.id, r.name, r.flag])).toEqual(
        expected.rows.map((r) => [r.id, r.name, r.flag]),
      );
      expect(typeof got.rows[0]!.at).toBe("string");
    });

    it("affected rows and commands of writes", async () => {
      const write = async (client: RemotePglite | PGlite) => {
        await client.query("delete from proto_items where id like 'w%'");
        const insert = await client.query(
          "insert into proto_items (id, n) values ('w1', 1), ('w2', 2) returning id",
        );
        const update = await client.query("update proto_items set n = n + 1 where id like 'w%'");
        return [insert, update].map((r) => ({
          rows: r.rows,
          affectedRows: r.affectedRows,
          fields: r.fields,
        }));
      };
      expect(await write(remote)).toEqual(await write(local));
    });
  });

  describe("PGlite through its worker: errors", () => {
    const fieldsOf = (error: unknown) => {
      const e = error as Record<string, unknown> & Error;
      return {
        name: e.name,
        message: e.message,
        code: e.code,
        detail: e.detail,
        constraint: e.constraint,
        table: e.table,
        schema: e.schema,
        severity: e.severity,
        column: e.column,
        routine: e.routine,
      };
    };
    const failure = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        return error;
      }
      throw new Error("expected an error");
    };

    it.each([
      [
        "a unique violation",
        "insert into proto_items (id, n, email) values ($1, 1, 'taken@example.com')",
      ],
      ["a foreign key violation", "insert into proto_refs (id, item) values (1, $1)"],
      ["a not-null violation", "insert into proto_items (id, n) values ($1, null)"],
      ["a syntax error", "selec $1"],
      ["a bad value", "select ($1 || 'x')::int"],
    ])("%s keeps every field callers read", async (_name, text) => {
      for (const client of [remote, local]) {
        await client.query(
          "insert into proto_items (id, n, email) values ('taken', 1, 'taken@example.com') on conflict do nothing",
        );
      }
      for (const scope of [withPreparedStatements, withoutPreparedStatements]) {
        const id = `e${Math.random().toString(36).slice(2, 8)}`;
        const got = await failure(() => scope(() => remote.query(text, [id])));
        const expected = await failure(() => local.query(text, [id]));
        expect(got).toBeInstanceOf(Error);
        expect(fieldsOf(got)).toEqual(fieldsOf(expected));
        expect((got as { code?: string }).code).toMatch(/^[0-9A-Z]{5}$/);
      }
    });

    it("drizzle wraps it as in-thread: the SQLSTATE is on its cause", async () => {
      const db = drizzle(remote as unknown as PGlite);
      const error = (await failure(() =>
        db.execute(sql`insert into proto_refs (id, item) values (7, ${"missing"})`),
      )) as Error & { cause?: { code?: string; constraint?: string } };
      expect(error.cause?.code).toBe("23503");
      expect(error.cause?.constraint).toBe("proto_refs_item_fkey");
    });
  });

  describe("PGlite through its worker: transactions", () => {
    it("commits, and rolls back on the callback's error (which is rethrown as it was)", async () => {
      await remote.transaction(async (tx) => {
        await tx.query("insert into proto_items (id, n) values ('t1', 1)");
      });
      const thrown = new Error("changed my mind");
      await expect(
        remote.transaction(async (tx) => {
          await tx.query("insert into proto_items (id, n) values ('t2', 1)");
          throw thrown;
        }),
      ).rejects.toBe(thrown);
      const rows = await remote.query<{ id: string }>(
        "select id from proto_items where id in ('t1', 't2') order by id",
      );
      expect(rows.rows).toEqual([{ id: "t1" }]);
    });

    it("runs a transaction's statements while other statements wait", async () => {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = remote.transaction(async (tx) => {
        await tx.query("insert into proto_items (id, n) values ('t3', 1)");
        await held;
        await tx.query("update proto_items set n = 2 where id = 't3'");
        order.push("transaction");
      });
      // Give the transaction its first statement, then ask from outside.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const outside = remote
        .query<{ n: number }>("select n from proto_items where id = 't3'")
        .then((result) => {
          order.push("outside");
          return result.rows;
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await transaction;
      expect(await outside).toEqual([{ n: 2 }]);
      expect(order).toEqual(["transaction", "outside"]);
    });

    it("runs a live re-run's statement before the requests' statements waiting beside it", async () => {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A transaction holds PGlite while statements from outside pile up behind it.
      const transaction = remote.transaction(async (tx) => {
        await tx.query("select 1");
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const ask = (name: string, live: boolean) => {
        const run = () => remote.query(`select '${name}' as name`);
        const sink = { statement: () => {} };
        return (live ? onLiveConnection(sink, run) : run()).then(() => order.push(name));
      };
      const asked = [ask("request 1", false), ask("request 2", false), ask("request 3", false)];
      await new Promise((resolve) => setTimeout(resolve, 20));
      asked.push(ask("live", true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await transaction;
      await Promise.all(asked);
      // The transaction held the queue's turn: the live statement goes first when it ends.
      expect(order).toEqual(["live", "request 1", "request 2", "request 3"]);
    });

    it("drizzle's nested transactions roll back to their savepoint", async () => {
      const db = drizzle(remote as unknown as PGlite);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into proto_items (id, n) values ('s1', 1)`);
        await expect(
          tx.transaction(async (inner) => {
            await inner.execute(sql`insert into proto_items (id, n) values ('s2', 1)`);
            throw new Error("inner fails");
          }),
        ).rejects.toThrow("inner fails");
        await tx.execute(sql`insert into proto_items (id, n) values ('s3', 1)`);
      });
      const rows = await remote.query<{ id: string }>(
        "select id from proto_items where id in ('s1', 's2', 's3') order by id",
      );
      expect(rows.rows).toEqual([{ id: "s1" }, { id: "s3" }]);
    });

    it("a failing statement inside a transaction rolls it all back, with its fields", async () => {
      const db = drizzle(remote as unknown as PGlite);
      const error = await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into proto_items (id, n) values ('f1', 1)`);
          await tx.execute(sql`insert into proto_items (id, n) values ('f1', 1)`);
        })
        .catch((e: unknown) => e as Error & { cause?: { code?: string; constraint?: string } });
      expect(error?.cause?.code).toBe("23505");
      expect(error?.cause?.constraint).toBe("proto_items_pkey");
      const rows = await remote.query("select id from proto_items where id = 'f1'");
      expect(rows.rows).toEqual([]);
    });
  });

  describe("PGlite through its worker: notifications and counters", () => {
    it("delivers notifications in order, before the reply of the statement that raised them", async () => {
      const seen: string[] = [];
      const stop = await remote.listen("proto_channel", (payload) => seen.push(payload));
      await remote.transaction(async (tx) => {
        for (let i = 1; i <= 5; i++) await tx.query(`select pg_notify('proto_channel', 'tx${i}')`);
      });
      expect(seen).toEqual(["tx1", "tx2", "tx3", "tx4", "tx5"]);
      const results = await Promise.all(
        [1, 2, 3].map((i) =>
          remote.query(`select pg_notify('proto_channel', 'q${i}')`).then(() => [...seen]),
        ),
      );
      expect(results[0]).toContain("q1");
      expect(seen.slice(5)).toEqual(["q1", "q2", "q3"]);
      await stop();
      await remote.query("select pg_notify('proto_channel', 'after')");
      expect(seen).not.toContain("after");
    });

    it("a statement announced by wake answers as any other; a wake with nothing after it is harmless", async () => {
      const waitsBefore = remote.hop.idleWaits;
      const hitsBefore = remote.hop.idleWaitHits;
      // A wake waits at most MAX_WAKE_US (5 ms) for the statement: on a loaded machine the main
      // thread can be off its core for longer, so a miss is allowed; twenty in a row are not.
      for (let attempt = 0; attempt < 20 && remote.hop.idleWaitHits === hitsBefore; attempt++) {
        remote.wake(50_000);
        const got = await remote.query<{ n: number }>("select 41 + 1 as n");
        expect(got.rows).toEqual([{ n: 42 }]);
      }
      expect(remote.hop.idleWaitHits).toBeGreaterThan(hitsBefore);
      remote.wake(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await remote.query<{ n: number }>("select 7 as n")).rows).toEqual([{ n: 7 }]);
      expect(remote.hop.idleWaits).toBeGreaterThan(waitsBefore);
    });

    it("counts statements in memory the main thread reads", async () => {
      const before = remote.stats.statements;
      await remote.query("select 1");
      await remote.query("select 1");
      expect(remote.stats.statements).toBe(before + 2);
      expect(remote.stats.executed).toBeGreaterThan(0);
    });
  });

  describe("PGlite through its worker: close", () => {
    it("closes while busy: every call settles, later calls fail as on a closed PGlite", async () => {
      const dataDir = await copyOfTemplate(`closing-${idleSpinUs}`);
      const client = await startPgliteWorker({
        dir: path.join(dataDir, "pglite"),
        sharedBuffers: "16MB",
        idleSpinUs,
      });
      const busy = [1, 2, 3].map((i) =>
        client.query<{ i: number }>(`select pg_sleep(0.05), ${i} as i`).then(
          (r) => r.rows[0]!.i,
          (e: Error) => e.message,
        ),
      );
      await client.close();
      const settled = await Promise.all(busy);
      for (const outcome of settled) expect([1, 2, 3, "PGlite is closed"]).toContain(outcome);
      await expect(client.query("select 1")).rejects.toThrow("PGlite is closed");
      expect(client.closed).toBe(true);
    }, 300_000);

    it("says the database is lost when its thread stops other than by close, and never on close", async () => {
      const lost: Error[] = [];
      const dataDir = await copyOfTemplate(`lost-${idleSpinUs}`);
      const client = await startPgliteWorker(
        { dir: path.join(dataDir, "pglite"), sharedBuffers: "16MB", idleSpinUs },
        { onLost: (error) => lost.push(error) },
      );
      const waiting = client.query("select pg_sleep(0.2)").catch((e: Error) => e.message);
      await client.kill();
      await expect.poll(() => lost.length).toBe(1);
      expect(lost[0]!.message).toMatch(/^the PGlite worker stopped \(exit code \d+\)$/);
      expect(await waiting).toBe(lost[0]!.message);
      await expect(client.query("select 1")).rejects.toThrow(lost[0]!.message);

      const closedDir = await copyOfTemplate(`closed-${idleSpinUs}`);
      const closing = await startPgliteWorker(
        { dir: path.join(closedDir, "pglite"), sharedBuffers: "16MB", idleSpinUs },
        { onLost: (error) => lost.push(error) },
      );
      await closing.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lost).toHaveLength(1);
    }, 300_000);
  });
});
