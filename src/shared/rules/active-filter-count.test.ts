import { describe, expect, it } from "vitest";
import { activeFilterCount } from "./active-filter-count.ts";

describe("activeFilterCount", () => {
  it("is 0 with no filters", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({
        fileTypes: [],
        dateRange: { start: null, end: null },
        processingStatus: null,
        tags: [],
      }),
    ).toBe(0);
    expect(activeFilterCount({ fileTypes: null, dateRange: null, tags: null })).toBe(0);
  });

  it("counts file types once, however many are chosen", () => {
    expect(activeFilterCount({ fileTypes: ["pdf"] })).toBe(1);
    expect(activeFilterCount({ fileTypes: ["pdf", "docx", "xlsx"] })).toBe(1);
  });

  it("counts a date range with a start, an end or both once", () => {
    expect(activeFilterCount({ dateRange: { start: "2025-01-01" } })).toBe(1);
    expect(activeFilterCount({ dateRange: { end: new Date(2025, 0, 31) } })).toBe(1);
    expect(activeFilterCount({ dateRange: { start: 0, end: 1_700_000_000_000 } })).toBe(1);
  });

  it("does not count a date range without a usable start or end", () => {
    expect(activeFilterCount({ dateRange: {} })).toBe(0);
    expect(activeFilterCount({ dateRange: { start: "", end: "  " } })).toBe(0);
    expect(activeFilterCount({ dateRange: { start: new Date("nope"), end: Number.NaN } })).toBe(0);
  });

  it("counts a processing status", () => {
    expect(activeFilterCount({ processingStatus: "failed" })).toBe(1);
    expect(activeFilterCount({ processingStatus: "" })).toBe(0);
  });

  it("counts tags once, however many are chosen", () => {
    expect(activeFilterCount({ tags: ["contract"] })).toBe(1);
    expect(activeFilterCount({ tags: ["contract", "invoice"] })).toBe(1);
  });

  it("adds one per kind of filter, up to 4", () => {
    expect(
      activeFilterCount({
        fileTypes: ["pdf"],
        dateRange: { start: "2025-01-01", end: "2025-01-31" },
        processingStatus: "completed",
        tags: ["a", "b"],
      }),
    ).toBe(4);
    expect(activeFilterCount({ fileTypes: ["pdf"], tags: ["a"] })).toBe(2);
  });
});
