import { describe, expect, it } from "vitest";
import { Lru } from "./lru.ts";

describe("Lru", () => {
  it("never holds more than max entries, the least recently used out first", () => {
    const evicted: [string, number][] = [];
    const lru = new Lru<string, number>({ max: 3, onEvict: (k, v) => evicted.push([k, v]) });
    for (const [i, key] of ["a", "b", "c"].entries()) lru.set(key, i);
    expect(lru.get("a")).toBe(0); // a used: b is now the oldest
    lru.set("d", 3);
    expect(lru.size).toBe(3);
    expect(evicted).toEqual([["b", 1]]);
    expect(lru.has("b")).toBe(false);
    expect([...lru.keys()]).toEqual(["c", "a", "d"]);
    for (let i = 0; i < 1000; i++) lru.set(`k${i}`, i);
    expect(lru.size).toBe(3);
    expect([...lru.keys()]).toEqual(["k997", "k998", "k999"]);
    expect(evicted).toHaveLength(1 + 1000);
  });

  it("peek and has do not count as a use; set of a present key refreshes it without evicting", () => {
    const evicted: string[] = [];
    const lru = new Lru<string, string>({ max: 2, onEvict: (k) => evicted.push(k) });
    lru.set("a", "1").set("b", "2");
    expect(lru.peek("a")).toBe("1");
    expect(lru.has("a")).toBe(true);
    lru.set("c", "3"); // a is still the oldest
    expect(evicted).toEqual(["a"]);
    lru.set("b", "2'"); // replaced, now the newest: no eviction
    expect(evicted).toEqual(["a"]);
    expect([...lru.keys()]).toEqual(["c", "b"]);
    expect(lru.get("b")).toBe("2'");
  });

  it("delete, clear and prune drop entries without onEvict", () => {
    const evicted: string[] = [];
    const lru = new Lru<string, number>({ max: 10, onEvict: (k) => evicted.push(k) });
    for (let i = 0; i < 6; i++) lru.set(`k${i}`, i);
    expect(lru.delete("k0")).toBe(true);
    expect(lru.delete("k0")).toBe(false);
    expect(lru.prune((v) => v % 2 === 1)).toBe(3);
    expect([...lru.keys()]).toEqual(["k2", "k4"]);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.get("k2")).toBeUndefined();
    expect(evicted).toEqual([]);
  });

  it("keeps falsy values apart from absent ones", () => {
    const lru = new Lru<string, number | null>({ max: 2 });
    lru.set("zero", 0).set("null", null);
    expect(lru.get("zero")).toBe(0);
    expect(lru.get("null")).toBeNull();
    expect(lru.has("null")).toBe(true);
  });

  it("refuses a bound that is not a positive integer", () => {
    expect(() => new Lru({ max: 0 })).toThrow(RangeError);
    expect(() => new Lru({ max: 1.5 })).toThrow(RangeError);
  });

  it("bounds the total weight too, oldest out first, and skips a value heavier than the bound", () => {
    const evicted: string[] = [];
    const lru = new Lru<string, string>({
      max: 100,
      weigh: (value) => value.length,
      maxWeight: 10,
      onEvict: (key) => evicted.push(key),
    });
    lru.set("a", "xxxx").set("b", "xxxx");
    expect(lru.weight).toBe(8);
    lru.get("a");
    lru.set("c", "xxxx");
    expect([...lru.keys()]).toEqual(["a", "c"]);
    expect(evicted).toEqual(["b"]);
    expect(lru.weight).toBe(8);
    lru.set("a", "x");
    expect(lru.weight).toBe(5);
    lru.set("huge", "x".repeat(11));
    expect(lru.has("huge")).toBe(false);
    expect(lru.weight).toBe(5);
    expect(lru.prune((value) => value === "x")).toBe(1);
    expect(lru.weight).toBe(4);
    lru.delete("c");
    expect(lru.weight).toBe(0);
    lru.set("d", "xx");
    lru.clear();
    expect(lru.weight).toBe(0);
  });

  it("takes weigh and maxWeight together", () => {
    expect(() => new Lru<string, string>({ max: 1, maxWeight: 5 })).toThrow(RangeError);
    expect(() => new Lru<string, string>({ max: 1, weigh: () => 1 })).toThrow(RangeError);
    expect(() => new Lru<string, string>({ max: 1, weigh: () => 1, maxWeight: 0 })).toThrow(
      RangeError,
    );
  });
});
