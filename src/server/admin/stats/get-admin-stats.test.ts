import { describe, expect, it } from "vitest";
import { firstDayOf } from "../usage-days.ts";
import { daysFrom } from "./get-admin-stats.ts";

describe("stats days", () => {
  it("covers the last n UTC days, today included", () => {
    const now = new Date("2026-03-02T23:30:00Z");
    expect(firstDayOf(7, now)).toBe("2026-02-24");
    expect(firstDayOf(1, now)).toBe("2026-03-02");
    expect(daysFrom("2026-02-27", 4)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
});
