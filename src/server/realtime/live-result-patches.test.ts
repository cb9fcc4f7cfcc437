import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryContract } from "#shared/api/define.ts";
import { applyPatch } from "#shared/live-patch.ts";
import { hubWithoutDatabase } from "../../../tests/support/live-hub.ts";
import { implement, Registry } from "../api/registry.ts";
import { recordReads } from "../db/read-tracker.ts";
import { type LiveResult, patchJson, type Subscriber } from "./live-query-hub.ts";

/**
 * What the hub keeps for live patches (decision 035): each group's latest result with its value
 * and the result it replaced (one step, never a chain), and the patch between them computed once
 * and only when it is at most half the value.
 */

const contract = queryContract("test.rows", {
  args: z.object({}),
  returns: z.object({ rows: z.array(z.object({ _id: z.string(), name: z.string() })) }),
  access: "public",
});

function setup() {
  const state = {
    rows: Array.from({ length: 20 }, (_, i) => ({ _id: `r${i}`, name: `Row ${i}` })),
  };
  const registry = new Registry([
    implement(
      contract,
      async () => {
        recordReads("rows");
        return { rows: state.rows.map((row) => ({ ...row })) };
      },
      { liveScope: "global" },
    ),
  ]);
  const hub = hubWithoutDatabase(registry);
  const results: LiveResult[] = [];
  const subscriber: Subscriber = {
    send(result) {
      results.push(result);
      return true;
    },
  };
  hub.subscribe(null, contract.path, {}, subscriber);
  const change = () => hub.notify(JSON.stringify({ t: "rows", o: null, i: null }));
  return { hub, state, results, change };
}

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("live results' patches", () => {
  it("patches a result against the one it replaced, keeping one step of history", async () => {
    const { state, results, change } = setup();
    await until(() => results.length === 1);
    const first = results[0]!;
    expect(first.base).toBeUndefined();
    expect(patchJson(first)).toBeNull();

    state.rows = state.rows.map((row, i) => (i === 4 ? { ...row, name: "Renamed" } : row));
    change();
    await until(() => results.length === 2);
    const second = results[1]!;
    expect(second.base).toBe(first);
    const patch = patchJson(second);
    expect(patch).not.toBeNull();
    expect(patch!.length).toBeLessThan(second.json.length / 5);
    expect(applyPatch(JSON.parse(first.json), JSON.parse(patch!))).toEqual(JSON.parse(second.json));
    // Computed once: the same text for every socket.
    expect(patchJson(second)).toBe(patch);

    state.rows = state.rows.map((row, i) => (i === 9 ? { ...row, name: "Again" } : row));
    change();
    await until(() => results.length === 3);
    // The older result lets its own base go: no chain of past values.
    expect(results[2]!.base).toBe(second);
    expect(second.base).toBeUndefined();
  });

  it("sends the whole value when most of it changed", async () => {
    const { state, results, change } = setup();
    await until(() => results.length === 1);
    state.rows = state.rows.map((row) => ({ _id: `${row._id}-new`, name: row.name }));
    change();
    await until(() => results.length === 2);
    expect(results[1]!.base).toBe(results[0]);
    expect(patchJson(results[1]!)).toBeNull();
  });

  it("makes a result's whole text only when it is asked for, and weighs patches by the last one made", async () => {
    const { state, results, change } = setup();
    await until(() => results.length === 1);
    const first = results[0]!;
    const firstLength = first.json.length;

    // A longer name: the new value's text would be longer than the first's.
    state.rows = state.rows.map((row, i) =>
      i === 4 ? { ...row, name: "Renamed at length" } : row,
    );
    change();
    await until(() => results.length === 2);
    const second = results[1]!;
    const patch = patchJson(second);
    expect(patch).not.toBeNull();
    // Its text was never made: its size is the first's, the last text made in its line.
    expect(second.size).toBe(firstLength);
    // Made when asked (a subscriber that needs the whole value), and exact from then on.
    expect(JSON.parse(second.json)).toEqual({ rows: state.rows });
    expect(second.size).toBe(second.json.length);
    expect(second.size).toBeGreaterThan(firstLength);
    expect(applyPatch(JSON.parse(first.json), JSON.parse(patch!))).toEqual(JSON.parse(second.json));
  });

  it("pushes nothing for a re-run whose value is the same as JSON", async () => {
    const { hub, results, change } = setup();
    await until(() => results.length === 1);
    // Fresh objects with the same content: the same value.
    change();
    await until(() => hub.stats.unchangedRuns === 1);
    expect(results).toHaveLength(1);
  });

  it("tells an error result from the same error again, and a value after it", async () => {
    const { state, results, change } = setup();
    await until(() => results.length === 1);
    const rows = state.rows;
    // Not what the contract returns: the run ends in an error.
    state.rows = [{ _id: 1 } as unknown as { _id: string; name: string }];
    change();
    await until(() => results.length === 2);
    expect(results[1]!.kind).toBe("error");
    expect(results[1]!.base).toBeUndefined();
    change();
    await new Promise((r) => setTimeout(r, 30));
    expect(results).toHaveLength(2);
    state.rows = rows;
    change();
    await until(() => results.length === 3);
    expect(results[2]!.kind).toBe("value");
    // No patch across an error: the whole value.
    expect(results[2]!.base).toBeUndefined();
    expect(patchJson(results[2]!)).toBeNull();
  });
});
