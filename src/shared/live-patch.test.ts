import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, diffValues, PatchMismatchError, sameJson } from "./live-patch.ts";

/** What a client holds: the value after a JSON round trip. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The server's diff, sent as JSON, applied by the client to what it has. */
function roundTrip(before: unknown, after: unknown): unknown {
  const patch = diffValues(before, after);
  const base = wire(before);
  return patch === null ? base : applyPatch(base, wire(patch));
}

const row = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name,
  tags: ["a"],
  size: 10,
  summary: null,
  ...extra,
});

describe("live patches", () => {
  it("says nothing changed for values equal as JSON, key order and absent keys aside", () => {
    expect(diffValues({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBeNull();
    expect(diffValues({ a: 1, gone: undefined }, { a: 1 })).toBeNull();
    expect(diffValues({ at: new Date(5) }, { at: new Date(5).toISOString() })).toBeNull();
    expect(diffValues([Number.NaN], [null])).toBeNull();
  });

  it("describes a renamed row of a page in a few bytes, keeping the other rows", () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(`d${i}`, `Document ${i}`));
    const before = { page: rows, isDone: true, continueCursor: "" };
    const after = {
      ...before,
      page: rows.map((r, i) => (i === 57 ? { ...r, name: "Renamed" } : r)),
    };
    const patch = diffValues(before, after);
    expect(patch).toEqual({
      o: { page: { a: [[0, 57], { i: 57, p: { o: { name: { $: "Renamed" } } } }, [58, 142]] } },
    });
    expect(JSON.stringify(patch).length).toBeLessThan(100);
    const base = wire(before);
    const next = applyPatch(base, wire(patch)) as typeof before;
    expect(next).toEqual(wire(after));
    // What the patch kept is the client's own object, not a copy.
    expect(next.page[3]).toBe(base.page[3]);
    expect(base.page[57]!.name).toBe("Document 57");
  });

  it("matches rows by id: a row added at the top or moved keeps the rest as they are", () => {
    const rows = Array.from({ length: 5 }, (_, i) => row(`d${i}`, `D${i}`));
    expect(diffValues(rows, [row("new", "New"), ...rows])).toEqual({
      a: [{ $: row("new", "New") }, [0, 5]],
    });
    const moved = [rows[3], rows[0], rows[1], rows[2], rows[4]];
    expect(diffValues(rows, moved)).toEqual({ a: [3, [0, 3], 4] });
    expect(diffValues(rows, rows.slice(1))).toEqual({ a: [[1, 4]] });
  });

  it("matches by position when ids repeat or are missing", () => {
    const twice = [row("x", "A"), row("x", "B")];
    expect(diffValues(twice, [row("x", "A"), row("x", "C")])).toEqual({
      a: [0, { i: 1, p: { o: { name: { $: "C" } } } }],
    });
    expect(roundTrip([1, 2, 3], [1, 4])).toEqual([1, 4]);
  });

  it("removes keys and replaces values of another type", () => {
    expect(diffValues({ a: 1, b: 2 }, { a: 1 })).toEqual({ o: {}, d: ["b"] });
    expect(diffValues({ a: [1] }, { a: { x: 1 } })).toEqual({ o: { a: { $: { x: 1 } } } });
    expect(diffValues(null, { a: 1 })).toEqual({ $: { a: 1 } });
  });

  it("refuses a patch that does not fit the value the client has", () => {
    expect(() => applyPatch([1], { a: [3] })).toThrow(PatchMismatchError);
    expect(() => applyPatch([1, 2], { a: [[1, 2]] })).toThrow(PatchMismatchError);
    expect(() => applyPatch({ a: 1 }, { a: [0] })).toThrow(PatchMismatchError);
    expect(() => applyPatch([1], { o: {} })).toThrow(PatchMismatchError);
    expect(() => applyPatch([1], "nonsense")).toThrow(PatchMismatchError);
    expect(() => applyPatch([1], { a: [{ nope: 1 }] })).toThrow(PatchMismatchError);
  });

  it("keeps a key named __proto__ as a key, never as the prototype", () => {
    const after = JSON.parse('{"__proto__":{"polluted":true},"name":"x"}') as unknown;
    const patch = diffValues({ name: "x" }, after);
    expect(JSON.stringify(patch)).toBe('{"o":{"__proto__":{"$":{"polluted":true}}}}');
    const applied = applyPatch(wire({ name: "x" }), wire(patch)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(applied)).toBe(Object.prototype);
    expect(Object.hasOwn(applied, "__proto__")).toBe(true);
    expect(applied).toEqual(wire(after));
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    // A patch from anywhere else cannot reach a prototype either.
    const hostile = applyPatch({}, JSON.parse('{"o":{"__proto__":{"$":[]}}}'));
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(roundTrip({}, JSON.parse('{"__proto__":[]}'))).toEqual(JSON.parse('{"__proto__":[]}'));
  });

  it("turns any JSON value into any other through its patch (property)", {
    timeout: 30_000,
  }, () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(value, value, (before, after) => {
        expect(roundTrip(before, after)).toEqual(wire(after));
        expect(sameJson(before, after)).toBe(diffValues(before, after) === null);
      }),
      { numRuns: 800 },
    );
  });

  it("turns one page of rows into another through its patch (property)", {
    timeout: 30_000,
  }, () => {
    const rowValue = fc.record({
      _id: fc.constantFrom("a", "b", "c", "d", "e", "f", "g"),
      name: fc.string({ maxLength: 4 }),
      tags: fc.array(fc.constantFrom("x", "y"), { maxLength: 2 }),
      extra: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
    });
    // Distinct ids (matched by id, rows moving, coming and going) and repeated ones (by position).
    const byId = fc.uniqueArray(rowValue, { maxLength: 7, selector: (r) => r._id });
    const repeated = fc.array(rowValue, { maxLength: 7 });
    // The next page as live pages change: some rows kept, some edited, reordered, some new.
    const edits = fc.array(
      fc.record({ keep: fc.boolean(), rename: fc.boolean(), key: fc.integer() }),
      { maxLength: 7 },
    );
    fc.assert(
      fc.property(byId, edits, byId, (before, changes, extra) => {
        const after = before
          .flatMap((r, i) => {
            const change = changes[i];
            if (change && !change.keep) return [];
            return [
              { r: change?.rename ? { ...r, name: `${r.name}!` } : r, key: change?.key ?? i },
            ];
          })
          .sort((x, y) => x.key - y.key)
          .map((x) => x.r);
        const ids = new Set(after.map((r) => r._id));
        const next = [...after, ...extra.filter((r) => !ids.has(r._id))];
        expect(roundTrip({ page: before }, { page: next })).toEqual(wire({ page: next }));
      }),
      { numRuns: 1000 },
    );
    for (const page of [byId, repeated]) {
      fc.assert(
        fc.property(page, page, (before, after) => {
          expect(roundTrip({ page: before }, { page: after })).toEqual(wire({ page: after }));
        }),
        { numRuns: 800 },
      );
    }
  });
});
