import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Database,
  type LiveStatementSink,
  onLiveConnection,
} from "../../src/server/db/database.ts";
import { LIVE_APPLICATION_NAME, openPostgres } from "../../src/server/db/postgres.ts";
import { freshPostgresUrl } from "../support/databases.ts";

/**
 * The live path's own PostgreSQL pool (LIVE_DATABASE_POOL_SIZE, decision 034 "The live path's
 * own connections"): statements started inside onLiveConnection take its connections and
 * report their waits; every other statement keeps the main pool.
 */

type Rows = { rows: Array<{ name: string }> };
const nameSql = sql`select current_setting('application_name') as name`;
const applicationName = async (database: Database) =>
  ((await database.db.execute(nameSql)) as unknown as Rows).rows[0]?.name;

function sink() {
  const waits: number[] = [];
  const runs: number[] = [];
  const recorded: LiveStatementSink = {
    statement(acquireMs, runMs) {
      waits.push(acquireMs);
      runs.push(runMs);
    },
  };
  return { recorded, waits, runs };
}

describe("the live path's PostgreSQL pool", () => {
  let withPool: Database;
  let shared: Database;

  beforeAll(async () => {
    const url = await freshPostgresUrl();
    withPool = await openPostgres(url, { dataDir: "", poolSize: 2, livePoolSize: 1 });
    shared = await openPostgres(url, { dataDir: "", poolSize: 2, livePoolSize: 0 });
  }, 120_000);

  afterAll(async () => {
    await withPool?.close();
    await shared?.close();
  });

  it("runs live statements on its own connections, requests on the main pool", async () => {
    const live = sink();
    expect(await onLiveConnection(live.recorded, () => applicationName(withPool))).toBe(
      LIVE_APPLICATION_NAME,
    );
    expect(live.waits).toHaveLength(1);
    // A plain statement (a request): the main pool, and nothing reported.
    expect(await applicationName(withPool)).not.toBe(LIVE_APPLICATION_NAME);
    expect(live.waits).toHaveLength(1);
    // What a live run schedules (a batch closed on a later turn) stays on the live path.
    const later = await onLiveConnection(
      live.recorded,
      () =>
        new Promise<string | undefined>((resolve) =>
          setImmediate(() => resolve(applicationName(withPool))),
        ),
    );
    expect(later).toBe(LIVE_APPLICATION_NAME);
    expect(live.waits).toHaveLength(2);
  });

  it("does not queue live statements behind the requests holding the main pool", async () => {
    // Both main connections busy for a while (a drizzle query runs when awaited: hence async).
    const requests = [1, 2].map(async () => await withPool.db.execute(sql`select pg_sleep(0.6)`));
    await new Promise((r) => setTimeout(r, 100));
    const live = sink();
    const started = performance.now();
    await onLiveConnection(live.recorded, async () => await withPool.db.execute(sql`select 1`));
    expect(performance.now() - started).toBeLessThan(450);
    expect(live.waits).toHaveLength(1);
    await Promise.all(requests);
  });

  it("queues them behind the requests when the live pool is off (size 0), and reports the wait", async () => {
    const requests = [1, 2].map(async () => await shared.db.execute(sql`select pg_sleep(0.6)`));
    await new Promise((r) => setTimeout(r, 100));
    const live = sink();
    expect(await onLiveConnection(live.recorded, () => applicationName(shared))).not.toBe(
      LIVE_APPLICATION_NAME,
    );
    await Promise.all(requests);
    expect(live.waits).toHaveLength(1);
    expect(live.waits[0]).toBeGreaterThan(300);
  });

  it("reports a live statement's failure to its caller and keeps the pool usable", async () => {
    const live = sink();
    await expect(
      onLiveConnection(
        live.recorded,
        async () => await withPool.db.execute(sql`select * from no_such_table`),
      ),
    ).rejects.toThrow();
    expect(live.waits).toHaveLength(1);
    expect(await onLiveConnection(live.recorded, () => applicationName(withPool))).toBe(
      LIVE_APPLICATION_NAME,
    );
  });

  it("runs a transaction begun on the live path on a live connection", async () => {
    const live = sink();
    const name = await onLiveConnection(live.recorded, () =>
      withPool.db.transaction(async (tx) => {
        const result = (await tx.execute(nameSql)) as unknown as Rows;
        return result.rows[0]?.name;
      }),
    );
    expect(name).toBe(LIVE_APPLICATION_NAME);
  });
});
