import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryContract } from "#shared/api/define.ts";
import type { Services } from "../api/context.ts";
import { implement, Registry } from "../api/registry.ts";
import { recordReads } from "../db/read-tracker.ts";
import { createLogger } from "../logger.ts";
import { LiveQueryHub, type Subscriber } from "./live-query-hub.ts";

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
        // The caller's own part: their name beside the shared value, and a read of its own.
        recordReads("own");
        state.ownRuns++;
        return { member: args.member, value };
      },
      { liveScope: "global" },
    ),
  ]);
  const services = {
    config: {},
    log: createLogger("silent"),
    database: { db: {} },
  } as unknown as Services;
  const hub = new LiveQueryHub(services, registry);
  const received = new Map<string, number[]>();
  const subscribe = (member: string) => {
    const values: number[] = [];
    received.set(member, values);
    const subscriber: Subscriber = {
      send(kind, json) {
        if (kind === "value") values.push((JSON.parse(json) as { value: number }).value);
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

  it("drops every shared sub-result when the change feed may have missed changes", async () => {
    const { hub, state, subscribe, last } = setup();
    subscribe("ann");
    await until(() => last("ann") === 1);
    state.value = 5;
    await hub.refreshAll();
    expect(last("ann")).toBe(5);
  });
});
