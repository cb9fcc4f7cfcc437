import { describe, expect, it } from "vitest";
import { runSoak, type SoakOptions } from "../../bench/support/soak-run.ts";
import { freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";

/**
 * The soak (bench/soak.ts, issue 16) at a small scale: real server children under sockets,
 * reads and writes, chats and uploads for 20 seconds, then every acknowledged write read
 * back. Correctness only (no errors, nothing lost); timings and memory live in the benchmark.
 */

const SHORT: Omit<SoakOptions, "database" | "instances"> = {
  organizations: 4,
  usersPerOrganization: 5,
  documentsPerOrganization: 10,
  durationMs: 20_000,
  warmupMs: 5_000,
  windowMs: 5_000,
  sockets: 100,
  rps: 40,
  writeShare: 0.3,
  chats: 3,
  chatPauseMs: 1000,
  uploadsPerMinute: 12,
  // A bounded queue: on a busy machine requests beyond it are skipped (counted, not errors)
  // instead of waiting past the client's time-out.
  maxInFlight: 24,
};

function expectClean(run: Awaited<ReturnType<typeof runSoak>>) {
  const r = run.result;
  expect(r.errors.examples, `${r.errors.total} errors`).toEqual([]);
  expect(r.errors.total).toBe(0);
  expect(r.readBack.examples, `${r.readBack.lost} lost writes`).toEqual([]);
  expect(r.readBack.lost).toBe(0);
  // The run did what it says: writes read back, live pushes, chats and uploads that completed.
  expect(r.readBack.checked).toBeGreaterThan(20);
  expect(r.live.pushes).toBeGreaterThan(0);
  expect(r.live.missing).toBe(0);
  expect(r.chats.count).toBeGreaterThan(0);
  expect(r.chats.errors).toBe(0);
  expect(r.uploads.completed).toBeGreaterThan(0);
  expect(r.uploads.completed).toBe(r.uploads.count);
}

describe("soak, short", () => {
  it("PGlite, one instance: no errors and every acknowledged write read back", async () => {
    const run = await runSoak({
      ...SHORT,
      database: "pglite",
      instances: 1,
      dataDir: freshMigratedDataDir(),
    });
    expectClean(run);
  }, 180_000);

  it("PostgreSQL, two instances: no errors and every acknowledged write read back", async () => {
    const run = await runSoak({
      ...SHORT,
      database: "postgres",
      instances: 2,
      databaseUrl: await freshPostgresUrl(),
    });
    expectClean(run);
    // Sockets on both instances got pushes for writes sent to either.
    expect(run.result.live.pushes).toBeGreaterThan(run.result.live.writesWatched);
  }, 180_000);
});
