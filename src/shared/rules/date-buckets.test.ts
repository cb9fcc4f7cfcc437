import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DATE_BUCKETS, dateBucket, groupByDateBucket } from "./date-buckets.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Local-time dates, so the tests hold in any time zone. */
function local(year: number, month: number, day: number, hour = 0, minute = 0, ms = 0): Date {
  return new Date(year, month - 1, day, hour, minute, 0, ms);
}

describe("dateBucket", () => {
  const noon = local(2025, 3, 15, 12);

  it("puts the same calendar day under Today", () => {
    expect(dateBucket(noon, noon)).toBe("Today");
    expect(dateBucket(local(2025, 3, 15, 0, 0), noon)).toBe("Today");
    expect(dateBucket(local(2025, 3, 15, 11, 59), noon)).toBe("Today");
  });

  it("accepts a timestamp as well as a Date", () => {
    expect(dateBucket(noon.getTime() - HOUR, noon)).toBe("Today");
    expect(dateBucket(noon.getTime() - DAY, noon)).toBe("Yesterday");
  });

  it("splits Today from Yesterday at midnight", () => {
    const justAfterMidnight = local(2025, 3, 15, 0, 0, 1);
    expect(dateBucket(local(2025, 3, 15, 0, 0), justAfterMidnight)).toBe("Today");
    expect(dateBucket(local(2025, 3, 14, 23, 59), justAfterMidnight)).toBe("Yesterday");
  });

  it("puts the previous calendar day under Yesterday", () => {
    expect(dateBucket(local(2025, 3, 14, 0, 0), noon)).toBe("Yesterday");
    expect(dateBucket(local(2025, 3, 14, 12, 0), noon)).toBe("Yesterday");
    expect(dateBucket(local(2025, 3, 14, 23, 59), noon)).toBe("Yesterday");
  });

  it("calls the start of the previous day Yesterday until the end of today", () => {
    const lateNight = local(2025, 3, 15, 23, 59, 59_999);
    expect(dateBucket(local(2025, 3, 14, 0, 0), lateNight)).toBe("Yesterday");
    expect(dateBucket(local(2025, 3, 13, 23, 59, 59_999), lateNight)).toBe("Previous 7 Days");
  });

  it("puts two calendar days ago under Previous 7 Days even when under 2 days ago", () => {
    const earlyMorning = local(2025, 3, 15, 0, 30);
    const dayBeforeYesterday = local(2025, 3, 13, 12, 0); // 36.5 hours earlier
    expect(dateBucket(dayBeforeYesterday, earlyMorning)).toBe("Previous 7 Days");
  });

  it("ends Previous 7 Days just before 7 days", () => {
    expect(dateBucket(noon.getTime() - 7 * DAY + 1, noon)).toBe("Previous 7 Days");
    expect(dateBucket(noon.getTime() - 7 * DAY, noon)).toBe("Previous 30 Days");
  });

  it("ends Previous 30 Days just before 30 days", () => {
    expect(dateBucket(noon.getTime() - 30 * DAY + 1, noon)).toBe("Previous 30 Days");
    expect(dateBucket(noon.getTime() - 30 * DAY, noon)).toBe("Older");
    expect(dateBucket(local(2001, 1, 1), noon)).toBe("Older");
    expect(dateBucket(0, noon)).toBe("Older");
  });

  it("crosses month and year boundaries", () => {
    const newYear = local(2025, 1, 1, 9);
    expect(dateBucket(local(2024, 12, 31, 22), newYear)).toBe("Yesterday");
    expect(dateBucket(local(2024, 12, 30, 22), newYear)).toBe("Previous 7 Days");
    const march1 = local(2024, 3, 1, 9); // 2024 is a leap year
    expect(dateBucket(local(2024, 2, 29, 9), march1)).toBe("Yesterday");
  });

  it("counts a date slightly in the future (clock skew) as Today", () => {
    expect(dateBucket(noon.getTime() + 5000, noon)).toBe("Today");
  });

  it("counts an invalid date as Older", () => {
    expect(dateBucket(new Date("not a date"), noon)).toBe("Older");
    expect(dateBucket(Number.NaN, noon)).toBe("Older");
  });

  it("uses the current time by default", () => {
    expect(dateBucket(new Date())).toBe("Today");
    expect(dateBucket(Date.now() - 60 * DAY)).toBe("Older");
  });

  describe("across a daylight-saving change (America/New_York)", () => {
    let savedTz: string | undefined;
    beforeEach(() => {
      savedTz = process.env.TZ;
      process.env.TZ = "America/New_York";
    });
    afterEach(() => {
      if (savedTz === undefined) delete process.env.TZ;
      else process.env.TZ = savedTz;
    });

    it("uses calendar days on the 23-hour day clocks go forward", () => {
      // 2025-03-09 had 23 hours in New York.
      const now = local(2025, 3, 10, 0, 30);
      expect(dateBucket(local(2025, 3, 9, 0, 15), now)).toBe("Yesterday");
      expect(dateBucket(local(2025, 3, 8, 23, 45), now)).toBe("Previous 7 Days");
    });

    it("uses calendar days on the 25-hour day clocks go back", () => {
      // 2025-11-02 had 25 hours in New York: 00:30 to 23:45 is over 24 hours.
      const now = local(2025, 11, 2, 23, 45);
      expect(dateBucket(local(2025, 11, 2, 0, 30), now)).toBe("Previous 7 Days");
      expect(dateBucket(local(2025, 11, 2, 1, 0), now)).toBe("Today");
    });
  });
});

describe("groupByDateBucket", () => {
  const now = local(2025, 3, 15, 12);
  const at = (name: string, date: Date) => ({ name, date });

  it("returns the buckets in order, items in their input order, empty buckets left out", () => {
    const items = [
      at("old", local(2024, 1, 1)),
      at("today-1", local(2025, 3, 15, 9)),
      at("week", local(2025, 3, 11)),
      at("today-2", local(2025, 3, 15, 8)),
      at("old-2", local(2023, 6, 1)),
    ];
    const groups = groupByDateBucket(items, (item) => item.date, now);
    expect(groups.map((group) => [group.bucket, group.items.map((item) => item.name)])).toEqual([
      ["Today", ["today-1", "today-2"]],
      ["Previous 7 Days", ["week"]],
      ["Older", ["old", "old-2"]],
    ]);
  });

  it("can fill every bucket", () => {
    const items = [
      local(2025, 2, 1),
      local(2025, 3, 1),
      local(2025, 3, 10),
      local(2025, 3, 14, 9),
      local(2025, 3, 15, 9),
    ];
    const groups = groupByDateBucket(items, (date) => date, now);
    expect(groups.map((group) => group.bucket)).toEqual([...DATE_BUCKETS]);
  });

  it("accepts timestamps", () => {
    const groups = groupByDateBucket([now.getTime()], (time) => time, now);
    expect(groups).toEqual([{ bucket: "Today", items: [now.getTime()] }]);
  });

  it("returns no groups for no items", () => {
    expect(groupByDateBucket([], () => now, now)).toEqual([]);
  });
});
