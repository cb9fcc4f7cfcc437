import { describe, expect, it } from "vitest";
import { keysForChange, parseNotification, stableStringify } from "./changes.ts";

describe("parseNotification", () => {
  it("reads row changes and markers, and ignores anything else", () => {
    expect(parseNotification('{"t":"users","o":"o1","i":"u1"}')).toEqual({
      kind: "change",
      change: { t: "users", o: "o1", i: "u1" },
    });
    expect(parseNotification('{"m":"abc"}')).toEqual({ kind: "marker", marker: "abc" });
    expect(parseNotification("not json")).toBeUndefined();
    expect(parseNotification('{"t":1}')).toBeUndefined();
  });
});

describe("keysForChange", () => {
  it("touches the whole table, the organization and the row", () => {
    expect(keysForChange({ t: "users", o: "o1", i: "u1" })).toEqual([
      "users:*",
      "users:org:o1",
      "users:id:u1",
    ]);
    expect(keysForChange({ t: "audit_log", o: null, i: "a" })).toEqual([
      "audit_log:*",
      "audit_log:id:a",
    ]);
  });

  it("touches every run narrowed to rows of the table when it names no row", () => {
    expect(keysForChange({ t: "documents", o: "o1", i: null })).toEqual([
      "documents:*",
      "documents:org:o1",
      "documents:rows",
    ]);
  });
});

describe("stableStringify", () => {
  it("gives the same text for the same args in any key order", () => {
    expect(stableStringify({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      stableStringify({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(stableStringify({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});
