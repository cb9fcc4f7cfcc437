import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryContract } from "#shared/api/define.ts";
import { servicesWithoutDatabase } from "../../../tests/support/live-hub.ts";
import { execute } from "../api/execute.ts";
import { implement, Registry } from "../api/registry.ts";
import { liveStatementSink } from "../db/database.ts";
import { recordReads } from "../db/read-tracker.ts";
import { LiveQueryHub } from "./live-query-hub.ts";
import {
  HISTOGRAM_BOUNDS_MS,
  Histogram,
  histogramDelta,
  histogramPercentile,
  histogramSum,
  noteCommitted,
} from "./live-stats.ts";

/**
 * The live path's own connections and its stage timings (decision 034, "The live path's own
 * connections"): a hub run (its shared sub-results and batches included) runs inside
 * onLiveConnection with the hub's counters as sink, a plain request does not; every run records
 * dirty → slot → result → pushed.
 */

const contract = queryContract("test.livePath", {
  args: z.object({ member: z.string() }),
  returns: z.object({ run: z.boolean(), shared: z.boolean(), batched: z.boolean() }),
  access: "public",
});

function setup() {
  const registry = new Registry([
    implement(
      contract,
      async (ctx, args) => {
        recordReads("items");
        const run = liveStatementSink() !== undefined;
        const shared = ctx.shared
          ? await ctx.shared("page", async () => liveStatementSink() !== undefined)
          : run;
        const batched = ctx.batched
          ? await ctx.batched("members", args.member, async (inputs) =>
              inputs.map(() => liveStatementSink() !== undefined),
            )
          : run;
        return { run, shared, batched };
      },
      { liveScope: "global" },
    ),
  ]);
  const services = servicesWithoutDatabase();
  return { hub: new LiveQueryHub(services, registry), registry, services };
}

describe("the live path", () => {
  it("runs a hub's re-runs, shared pages and batches on the live path, and requests off it", async () => {
    const { hub, registry, services } = setup();
    const values: unknown[] = [];
    hub.subscribe(
      null,
      contract.path,
      { member: "ann" },
      {
        send(result) {
          values.push(JSON.parse(result.json));
          return true;
        },
      },
    );
    await until(() => values.length === 1);
    expect(values[0]).toEqual({ run: true, shared: true, batched: true });

    const plain = await execute(services, registry, {
      kind: "query",
      path: contract.path,
      args: { member: "ann" },
      identity: null,
      request: { ip: null, userAgent: null },
    });
    expect(plain.value).toEqual({ run: false, shared: false, batched: false });
  });

  it("times every run's stages, from dirty to pushed", async () => {
    const { hub } = setup();
    let pushes = 0;
    hub.subscribe(
      null,
      contract.path,
      { member: "bob" },
      {
        send() {
          pushes++;
          return true;
        },
      },
    );
    await until(() => pushes === 1);
    hub.notify(JSON.stringify({ t: "items", o: null, i: null }));
    await until(() => hub.stats.stageRuns === 2);
    const s = hub.stats;
    expect(s.dirtyToPushed.reduce((a, b) => a + b, 0)).toBe(2);
    expect(s.dirtyToSlotMs).toBeGreaterThanOrEqual(0);
    expect(s.slotToResultMs).toBeGreaterThanOrEqual(0);
    expect(s.dirtyToPushedMs).toBeGreaterThanOrEqual(
      s.dirtyToSlotMs + s.slotToResultMs + s.resultToPushedMs - 1,
    );
    const snapshot = s.snapshot(1);
    expect(snapshot.stageRuns).toBe(2);
    expect(snapshot.dirtyToPushed).toHaveLength(s.dirtyToPushed.length);
  });
});

describe("where a push's time goes", () => {
  it("records each stage of a change's way to the sockets as a histogram", async () => {
    const { hub } = setup();
    let pushes = 0;
    hub.subscribe(
      null,
      contract.path,
      { member: "cid" },
      {
        send() {
          pushes++;
          return true;
        },
      },
    );
    await until(() => pushes === 1);
    // A transaction this process committed: its marker's way back through the feed is timed.
    noteCommitted("tx-stage", performance.now() - 5);
    hub.notify(JSON.stringify({ t: "items", o: null, i: null }));
    hub.notify(JSON.stringify({ m: "tx-stage" }));
    await until(() => hub.stats.stageRuns === 2);
    const { stages } = hub.stats;
    expect(stages.commitToNotify.count).toBe(1);
    expect(stages.commitToNotify.sum).toBeGreaterThanOrEqual(5);
    expect(stages.notifyToFlush.count).toBe(2);
    expect(stages.dirtyToSlot.count).toBe(2);
    // The shared page reads no table: computed once, kept through the change.
    expect(stages.sharedCompute.count).toBe(1);
    expect(stages.batchGather.count).toBe(2);
    expect(stages.batchStatement.count).toBe(2);
    expect(stages.serialise.count).toBe(2);
    expect(stages.resultToPushed.count).toBe(2);
    // The re-run's result did not change: nothing pushed, so no change → pushed.
    expect(stages.changeToPushed.count).toBe(0);
    const snapshot = hub.stats.snapshot(1);
    expect(snapshot.stages?.notifyToFlush.counts.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it("reads percentiles from a histogram and sums instances bucket by bucket", () => {
    const h = new Histogram();
    for (let i = 0; i < 98; i++) h.add(1);
    h.add(40);
    h.add(400);
    expect(h.count).toBe(100);
    expect(histogramPercentile(h, 0.5)).toBeLessThanOrEqual(1);
    expect(histogramPercentile(h, 0.5)).toBeGreaterThan(0.5);
    expect(histogramPercentile(h, 0.99)).toBeGreaterThan(30);
    expect(histogramPercentile(h, 0.99)).toBeLessThanOrEqual(40);
    expect(histogramPercentile(h, 1)).toBeLessThanOrEqual(400);
    const snapshot = { counts: [...h.counts], sum: h.sum, max: h.max };
    const empty = { counts: HISTOGRAM_BOUNDS_MS.map(() => 0), sum: 0, max: 0 };
    const delta = histogramDelta(snapshot, empty);
    expect(histogramSum(delta, delta).counts.reduce((a, b) => a + b, 0)).toBe(200);
    expect(Number.isNaN(histogramPercentile(empty, 0.5))).toBe(true);
  });
});

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}
