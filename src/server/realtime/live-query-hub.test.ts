import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryContract } from "#shared/api/define.ts";
import { hubWithoutDatabase } from "../../../tests/support/live-hub.ts";
import { implement, Registry } from "../api/registry.ts";
import { recordReads } from "../db/read-tracker.ts";
import type { Subscriber } from "./live-query-hub.ts";

/**
 * Shared sub-results (decision 034): one computation serves every group that asks for its
 * key, a change to what it read drops it, and a change that lands while it is being computed
 * is never lost (the runs that used it run again and compute it anew).
 */

const contract = queryContract("test.shared", {
  args: z.object({ member: z.string() }),
  returns: z.object({ member: z.string(), value: z.number() }),
  access: "public",
});

function setup() {
  const state = { value: 1, computations: 0, ownRuns: 0, gate: Promise.resolve() };
  const registry = new Registry([
    implement(
      contract,
      async (ctx, args) => {
        const value = await ctx.shared!("items", async () => {
          state.computations++;
          recordReads("items");
          const read = state.value;
          await state.gate;
          return read;
        });
        // The caller's own part: their name beside the shared value, and a read of its own, which
        // takes a turn of the event loop as a statement would.
        await new Promise((r) => setImmediate(r));
        recordReads("own");
        state.ownRuns++;
        return { member: args.member, value };
      },
      { liveScope: "global" },
    ),
  ]);
  const hub = hubWithoutDatabase(registry);
  const received = new Map<string, number[]>();
  const subscribe = (member: string) => {
    const values: number[] = [];
    received.set(member, values);
    const subscriber: Subscriber = {
      send(result) {
        if (result.kind === "value")
          values.push((JSON.parse(result.json) as { value: number }).value);
        return true;
      },
    };
    return hub.subscribe(null, contract.path, { member }, subscriber);
  };
  const change = (table = "items") => hub.notify(JSON.stringify({ t: table, o: null, i: null }));
  const last = (member: string) => received.get(member)?.at(-1);
  return { hub, state, subscribe, change, last, received };
}

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("LiveQueryHub shared sub-results", () => {
  it("computes a shared sub-result once for every group, and again after a change", async () => {
    const { hub, state, subscribe, change, last } = setup();
    subscribe("ann");
    subscribe("bob");
    await until(() => last("ann") === 1 && last("bob") === 1);
    expect(state.computations).toBe(1);
    expect(hub.stats.sharedReused).toBe(1);

    state.value = 2;
    change();
    await until(() => last("ann") === 2 && last("bob") === 2);
    expect(state.computations).toBe(2);
  });

  it("loses no change that lands while the sub-result is being computed", async () => {
    const { state, subscribe, change, last } = setup();
    let open: () => void = () => undefined;
    state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // The first member's run starts the computation, which reads 1 and waits.
    subscribe("ann");
    await until(() => state.computations === 1);
    // A change lands while it is still running; then a second member joins, after the change,
    // and is handed the running computation (which read the value before it).
    state.value = 2;
    change();
    await new Promise((r) => setTimeout(r, 20));
    subscribe("bob");
    await new Promise((r) => setTimeout(r, 20));
    state.gate = Promise.resolve();
    open();
    await until(() => last("ann") === 2 && last("bob") === 2);
    // The value computed after the change is kept: a new member reuses it.
    const before = state.computations;
    subscribe("cid");
    await until(() => last("cid") === 2);
    expect(state.computations).toBe(before);
  });

  it("re-runs a member's part once for a change to what only it reads", async () => {
    const { state, subscribe, change, last } = setup();
    subscribe("ann");
    await until(() => last("ann") === 1);
    const before = state.ownRuns;
    change("own");
    await until(() => state.ownRuns === before + 1);
    await new Promise((r) => setTimeout(r, 50));
    // Once: the kept sub-result (older than the change) does not make it run again and again.
    expect(state.ownRuns).toBe(before + 1);
    expect(state.computations).toBe(1);
  });

  it("counts a re-run whose result did not change, and not one whose result did", async () => {
    const { hub, state, subscribe, change, last } = setup();
    subscribe("ann");
    await until(() => last("ann") === 1);
    // The first run is never counted.
    expect(hub.stats.unchangedRuns).toBe(0);
    const before = state.ownRuns;
    change("own");
    await until(() => state.ownRuns === before + 1 && hub.stats.unchangedRuns === 1);
    expect(hub.stats.runs.get(contract.path)?.unchanged).toBe(1);
    state.value = 2;
    change("items");
    await until(() => last("ann") === 2);
    expect(hub.stats.unchangedRuns).toBe(1);
    expect(hub.stats.snapshot(1).unchangedRuns).toBe(1);
  });

  it("drops every shared sub-result when the change feed may have missed changes", async () => {
    const { hub, state, subscribe, last } = setup();
    subscribe("ann");
    await until(() => last("ann") === 1);
    state.value = 5;
    await hub.refreshAll();
    expect(last("ann")).toBe(5);
  });
});

/**
 * Batched reads: the groups asking for the same key at about the same time give their inputs
 * to one `run`, each gets the answer at its own place, and a change that lands while the
 * batch is being read runs them again.
 */
const batchedContract = queryContract("test.batched", {
  args: z.object({ member: z.string() }),
  returns: z.object({ member: z.string(), value: z.number() }),
  access: "public",
});

function batchedSetup() {
  const state = {
    values: new Map<string, number>(),
    batches: [] as string[][],
    gate: Promise.resolve(),
  };
  const registry = new Registry([
    implement(
      batchedContract,
      async (ctx, args) => {
        const value = await ctx.batched!("own", args.member, async (members: string[]) => {
          state.batches.push(members);
          recordReads("own");
          const read = members.map((m) => state.values.get(m) ?? 0);
          await state.gate;
          return read;
        });
        return { member: args.member, value };
      },
      { liveScope: "global" },
    ),
  ]);
  const hub = hubWithoutDatabase(registry);
  const received = new Map<string, Array<{ member: string; value: number }>>();
  const subscribe = (member: string) => {
    const values: Array<{ member: string; value: number }> = [];
    received.set(member, values);
    hub.subscribe(
      null,
      batchedContract.path,
      { member },
      {
        send(result) {
          if (result.kind === "value")
            values.push(JSON.parse(result.json) as { member: string; value: number });
          return true;
        },
      },
    );
  };
  const change = () => hub.notify(JSON.stringify({ t: "own", o: null, i: null }));
  const last = (member: string) => received.get(member)?.at(-1);
  return { hub, state, subscribe, change, last, received };
}

describe("LiveQueryHub batched reads", () => {
  it("reads the members waiting on one key together, each getting their own answer", async () => {
    const { hub, state, subscribe, change, last, received } = batchedSetup();
    for (const [member, value] of [
      ["ann", 1],
      ["bob", 2],
      ["cid", 3],
    ] as const)
      state.values.set(member, value);
    subscribe("ann");
    subscribe("bob");
    subscribe("cid");
    await until(() => ["ann", "bob", "cid"].every((m) => last(m) !== undefined));
    expect(state.batches).toEqual([["ann", "bob", "cid"]]);
    state.values.set("bob", 20);
    change();
    await until(() => last("bob")?.value === 20);
    expect(state.batches.at(-1)?.sort()).toEqual(["ann", "bob", "cid"]);
    // Never another member's answer.
    for (const [member, values] of received)
      for (const value of values) expect(value.member).toBe(member);
    expect(last("ann")?.value).toBe(1);
    expect(last("cid")?.value).toBe(3);
    expect(hub.stats.batches).toBe(2);
    expect(hub.stats.batchInputs).toBe(6);
  });

  it("runs a lone member's batch alone, without waiting for others", async () => {
    const { state, subscribe, last } = batchedSetup();
    state.values.set("ann", 7);
    const started = performance.now();
    subscribe("ann");
    await until(() => last("ann")?.value === 7);
    expect(state.batches).toEqual([["ann"]]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("loses no change that lands while the batch is being read", async () => {
    const { state, subscribe, change, last } = batchedSetup();
    state.values.set("ann", 1);
    state.values.set("bob", 1);
    let open: () => void = () => undefined;
    state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    subscribe("ann");
    subscribe("bob");
    await until(() => state.batches.length === 1);
    // The batch has read 1 for both and waits; the change lands now.
    state.values.set("ann", 2);
    state.values.set("bob", 3);
    change();
    await new Promise((r) => setTimeout(r, 20));
    state.gate = Promise.resolve();
    open();
    await until(() => last("ann")?.value === 2 && last("bob")?.value === 3);
  });
});

/**
 * A kept shared sub-result outlives the hub's window of recent changes (decision 034, "The
 * narrowing, found and back"): with the folder page narrowed, the folder's ancestors were kept
 * for minutes while 20,000 other changes went by. A run that used it then asked "did a change
 * touch it since it started?" of a window that no longer reached that far back, was told yes
 * every time, ran again forever, and the hub's change feed waited for that run to end: no
 * change was applied on that instance again.
 */
describe("LiveQueryHub with a shared sub-result older than its window of recent changes", () => {
  it("re-runs a member once and keeps applying changes", async () => {
    const { hub, state, subscribe, change, last } = setup();
    subscribe("ann");
    await until(() => last("ann") === 1);
    // More changes elsewhere than the hub remembers (RECENT_CHANGES_MAX): the kept sub-result
    // is older than the oldest of them.
    for (let i = 0; i < 20_001; i++)
      hub.notify(JSON.stringify({ t: "elsewhere", o: null, i: String(i) }));
    await until(() => hub.stats.changes === 20_001);
    const before = state.ownRuns;
    change("own");
    await until(() => state.ownRuns > before);
    await new Promise((r) => setTimeout(r, 50));
    // The change feed goes on: the next change to the shared part reaches the member.
    state.value = 2;
    change("items");
    await until(() => last("ann") === 2);
    // One run for each change, not again and again; the shared part computed once more.
    expect(state.ownRuns).toBe(before + 2);
    expect(state.computations).toBe(2);
  });
});

describe("LiveQueryHub memory", () => {
  it("keeps no replaced sub-result alive through the sub-results computed after it", async () => {
    // A folder's page as documents.list reads it live: the page's rows, shared by every member,
    // then each member's own part, kept while nothing it read changes. Pages and parts are
    // recomputed by different runs in turn, each run reusing what the other computed.
    const pages = new Set<WeakRef<object>>();
    let version = 0;
    const pageContract = queryContract("test.page", {
      args: z.object({ member: z.string() }),
      returns: z.object({ member: z.string(), rows: z.number() }),
      access: "public",
    });
    const registry = new Registry([
      implement(
        pageContract,
        async (ctx, args) => {
          const page = await ctx.shared!("page", async () => {
            recordReads("pages");
            const rows = Array.from({ length: 200 }, (_, i) => ({ id: `${version}-${i}` }));
            pages.add(new WeakRef(rows));
            return rows;
          });
          const part = await ctx.shared!(`part\u0000${args.member}`, async () => {
            recordReads(`part_${args.member}`);
            return { member: args.member };
          });
          return { member: part.member, rows: page.length };
        },
        { liveScope: "global" },
      ),
    ]);
    const hub = hubWithoutDatabase(registry);
    let runs = 0;
    hub.onRun(() => runs++);
    for (const member of ["ann", "bob"])
      hub.subscribe(null, pageContract.path, { member }, { send: () => true });
    await until(() => runs === 2);
    const change = async (table: string) => {
      const before = runs;
      version++;
      hub.notify(JSON.stringify({ t: table, o: null, i: null }));
      await until(() => runs > before);
      await new Promise((r) => setTimeout(r, 5));
    };
    for (let i = 0; i < 20; i++) {
      await change("pages");
      await change(i % 2 === 0 ? "part_ann" : "part_bob");
    }
    expect(pages.size).toBe(21);

    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    await new Promise((r) => setTimeout(r, 0));
    gc();
    const alive = [...pages].filter((ref) => ref.deref() !== undefined).length;
    // The page in use, and at most one before it still held while a run that read it finishes.
    expect(alive).toBeLessThanOrEqual(2);
  });
});
