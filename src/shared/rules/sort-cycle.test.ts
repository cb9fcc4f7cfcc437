import { describe, expect, it } from "vitest";
import { nextSort, SORTABLE_FIELDS, type Sort, sortSchema } from "./sort-cycle.ts";

describe("nextSort", () => {
  it("starts ascending when nothing is sorted", () => {
    expect(nextSort(null, "name")).toEqual({ field: "name", direction: "asc" });
  });

  it("cycles the same column: ascending, descending, no sort, ascending", () => {
    const first = nextSort(null, "size");
    const second = nextSort(first, "size");
    const third = nextSort(second, "size");
    const fourth = nextSort(third, "size");
    expect([first, second, third, fourth]).toEqual([
      { field: "size", direction: "asc" },
      { field: "size", direction: "desc" },
      null,
      { field: "size", direction: "asc" },
    ]);
  });

  it("starts a different column ascending, whatever the current direction", () => {
    expect(nextSort({ field: "name", direction: "asc" }, "size")).toEqual({
      field: "size",
      direction: "asc",
    });
    expect(nextSort({ field: "name", direction: "desc" }, "_creationTime")).toEqual({
      field: "_creationTime",
      direction: "asc",
    });
  });

  it("works for every sortable column", () => {
    expect(SORTABLE_FIELDS).toEqual([
      "fileType",
      "name",
      "primaryTagName",
      "_creationTime",
      "size",
    ]);
    for (const field of SORTABLE_FIELDS) {
      expect(nextSort(nextSort(nextSort(null, field), field), field)).toBeNull();
    }
  });

  it("does not change the sort it was given", () => {
    const current: Sort = { field: "name", direction: "asc" };
    nextSort(current, "name");
    expect(current).toEqual({ field: "name", direction: "asc" });
  });
});

describe("sortSchema", () => {
  it("accepts a sort or null", () => {
    expect(sortSchema.parse({ field: "primaryTagName", direction: "desc" })).toEqual({
      field: "primaryTagName",
      direction: "desc",
    });
    expect(sortSchema.parse(null)).toBeNull();
  });

  it("rejects unknown columns and directions", () => {
    expect(sortSchema.safeParse({ field: "details", direction: "asc" }).success).toBe(false);
    expect(sortSchema.safeParse({ field: "name", direction: "up" }).success).toBe(false);
    expect(sortSchema.safeParse(undefined).success).toBe(false);
  });
});
