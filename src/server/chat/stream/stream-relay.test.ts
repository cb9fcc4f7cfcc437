import { afterEach, describe, expect, it, vi } from "vitest";
import type { Services } from "../../api/context.ts";
import { ActiveStream } from "./active-stream.ts";
import { StreamRelay } from "./stream-relay.ts";

/** A database that records what the relay asks of it (no SQL runs). */
function recordingServices() {
  const calls = { execute: 0, insertedRows: 0, deletes: 0 };
  const db = {
    insert: () => ({
      values: (rows: unknown[]) => {
        calls.insertedRows += rows.length;
        return { returning: () => ({}) };
      },
    }),
    execute: async () => {
      calls.execute += 1;
      return { rows: [] };
    },
    delete: () => ({
      where: async () => {
        calls.deletes += 1;
      },
    }),
  };
  const log = { warn: () => undefined };
  return { calls, services: { database: { db }, log } as unknown as Services };
}

const streamOf = (n: number) =>
  new ActiveStream({
    streamId: `stream-${n}`,
    threadId: `thread-${n}`,
    userId: "00000000-0000-4000-8000-000000000001",
    organizationId: "00000000-0000-4000-8000-000000000002",
  });

describe("StreamRelay", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes each flush's frames and their notifications in one statement, and removes ended answers' rows together", async () => {
    vi.useFakeTimers();
    const { calls, services } = recordingServices();
    const relay = new StreamRelay(services);
    const streams = [1, 2, 3].map(streamOf);
    for (const stream of streams) {
      relay.track(stream);
      stream.push({ type: "text-start", id: "t" });
    }
    await vi.advanceTimersByTimeAsync(60);
    // One flush: three answers' rows, one statement (no separate pg_notify).
    expect(calls.insertedRows).toBe(3);
    expect(calls.execute).toBe(1);
    // (The first flush also sweeps rows abandoned by dead instances.)
    const sweeps = calls.deletes;

    // They end a second apart; their final rows are written as they end.
    for (const stream of streams) {
      stream.end();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(calls.execute).toBe(4);
    expect(calls.deletes).toBe(sweeps);

    // Kept a minute for a late resume, then removed: one statement for all three.
    await vi.advanceTimersByTimeAsync(58_000);
    expect(calls.deletes).toBe(sweeps);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.deletes).toBe(sweeps + 1);
    await relay.close();
  });
});
