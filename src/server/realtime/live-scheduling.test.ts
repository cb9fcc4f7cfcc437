import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryContract } from "#shared/api/define.ts";
import { hubWithoutDatabase } from "../../../tests/support/live-hub.ts";
import { implement, Registry } from "../api/registry.ts";
import { recordReads } from "../db/read-tracker.ts";
import type { Subscriber } from "./live-query-hub.ts";

/**
 * How the hub schedules re-runs (decision 034, "Where a push's time goes"): a transaction's marker
 * waits for every change heard before it, and a change heard while a group waits for a limiter
 * slot is answered by that run, not by one more.
 */

const contract = queryContract("test.scheduled", {
  args: z.object({ member: z.string(), table: z.string() }),
  returns: z.object({ member: z.string(), value: z.number() }),
  access: "public",
});

function setup() {
  const values = new Map<string, number>();
  const gates = new Map<string, Promise<void>>();
  const runs = new Map<string, number>();
  const registry = new Registry([
    implement(
      contract,
      async (_ctx, args) => {
        runs.set(args.member, (runs.get(args.member) ?? 0) + 1);
        recordReads(args.table);
        const value = values.get(args.table) ?? 0;
        await gates.get(args.member);
        return { member: args.member, value };
      },
      { liveScope: "global" },
    ),
  ]);
  const hub = hubWithoutDatabase(registry);
  const received = new Map<string, number[]>();
  const subscribe = (member: string, table: string) => {
    const got: number[] = [];
    received.set(member, got);
    const subscriber: Subscriber = {
      send(result) {
        if (result.kind === "value") got.push((JSON.parse(result.json) as { value: number }).value);
        return true;
      },
    };
    return hub.subscribe(null, contract.path, { member, table }, subscriber);
  };
  const change = (table: string, value: number) => {
    values.set(table, value);
    hub.notify(JSON.stringify({ t: table, o: null, i: null }));
  };
  /** Hold a member's runs until the returned function is called. */
  const hold = (member: string) => {
    let open: () => void = () => undefined;
    gates.set(
      member,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    return () => {
      gates.delete(member);
      open();
    };
  };
  const last = (member: string) => received.get(member)?.at(-1);
  return { hub, subscribe, change, hold, last, runs };
}

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const turn = () => new Promise((r) => setTimeout(r, 20));

describe("LiveQueryHub scheduling", () => {
  it("resolves a marker only once every change heard before it is applied", async () => {
    const { hub, subscribe, change, hold, last } = setup();
    subscribe("ann", "a");
    await until(() => last("ann") === 0);
    const openAnn = hold("ann");
    change("a", 1);
    await turn();
    // The transaction's end marker comes in a later turn than its change.
    hub.notify(JSON.stringify({ m: "tx-1" }));
    let applied = false;
    const waiting = hub.waitForMarkers(["tx-1"]).then(() => {
      applied = true;
    });
    await turn();
    expect(applied).toBe(false);
    openAnn();
    await waiting;
    expect(last("ann")).toBe(1);
  });

  it("answers a change heard while a group waits for its slot with that run, not one more", async () => {
    const { hub, subscribe, change, hold, last, runs } = setup();
    // Sixteen groups take every slot of the hub's limiter and hold them.
    const blockers = Array.from({ length: 16 }, (_, i) => `blocker-${i}`);
    for (const member of blockers) subscribe(member, "x");
    subscribe("cid", "c");
    await until(() => blockers.every((m) => last(m) === 0) && last("cid") === 0);
    const opens = blockers.map((member) => hold(member));
    change("x", 1);
    await until(() => blockers.every((m) => (runs.get(m) ?? 0) === 2));
    const before = runs.get("cid") ?? 0;
    // Two changes reach Cid's group while it waits for a slot.
    change("c", 1);
    await turn();
    expect(hub.stats.waiting).toBeGreaterThan(0);
    change("c", 2);
    await turn();
    for (const open of opens) open();
    await until(() => last("cid") === 2);
    await turn();
    // One run answered both: it started after both were heard.
    expect((runs.get("cid") ?? 0) - before).toBe(1);
  });
});
