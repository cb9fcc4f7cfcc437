import { describe, expect, it } from "vitest";
import { addSearchHistoryEntry } from "./search-history.ts";

let nextId = 0;
function entry(query: string) {
  nextId++;
  return { id: `entry-${nextId}`, query, timestamp: 1_700_000_000_000 + nextId, filters: {} };
}
const queries = (history: { query: string }[]) => history.map((item) => item.query);

describe("addSearchHistoryEntry", () => {
  it("puts the newest entry first", () => {
    let history = addSearchHistoryEntry([], entry("alpha"));
    history = addSearchHistoryEntry(history, entry("beta"));
    expect(queries(history)).toEqual(["beta", "alpha"]);
  });

  it("keeps at most 5 by default, dropping the oldest", () => {
    let history: ReturnType<typeof entry>[] = [];
    for (const query of ["q1", "q2", "q3", "q4", "q5", "q6"]) {
      history = addSearchHistoryEntry(history, entry(query));
    }
    expect(queries(history)).toEqual(["q6", "q5", "q4", "q3", "q2"]);
  });

  it("moves a repeated query to the front instead of duplicating it", () => {
    const history = [entry("c"), entry("b"), entry("a")];
    const repeated = entry("a");
    const result = addSearchHistoryEntry(history, repeated);
    expect(queries(result)).toEqual(["a", "c", "b"]);
    expect(result[0]).toBe(repeated);
  });

  it("treats queries differing only in case or surrounding spaces as the same", () => {
    const history = [entry("Invoice 2024")];
    expect(queries(addSearchHistoryEntry(history, entry("  invoice 2024 ")))).toEqual([
      "  invoice 2024 ",
    ]);
  });

  it("does not record a blank query", () => {
    const history = [entry("a")];
    expect(queries(addSearchHistoryEntry(history, entry("   ")))).toEqual(["a"]);
    expect(addSearchHistoryEntry([], entry(""))).toEqual([]);
  });

  it("honours a custom maximum, including one lowered below the current length", () => {
    const history = [entry("d"), entry("c"), entry("b"), entry("a")];
    expect(queries(addSearchHistoryEntry(history, entry("e"), 2))).toEqual(["e", "d"]);
    expect(queries(addSearchHistoryEntry(history, entry("e"), 10))).toHaveLength(5);
    expect(addSearchHistoryEntry(history, entry("e"), 0)).toEqual([]);
    expect(addSearchHistoryEntry(history, entry("e"), -3)).toEqual([]);
  });

  it("returns a new array and leaves the given history alone", () => {
    const history = [entry("a")];
    const result = addSearchHistoryEntry(history, entry("b"));
    expect(result).not.toBe(history);
    expect(queries(history)).toEqual(["a"]);
  });
});
