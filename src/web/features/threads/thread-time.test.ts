import { describe, expect, it } from "vitest";
import { formatThreadTime } from "./thread-time.ts";

const now = new Date(2026, 10, 20, 15, 30); // Friday 20 Nov 2026, 15:30 local

describe("formatThreadTime", () => {
  it("shows the time today, and says yesterday", () => {
    expect(formatThreadTime(new Date(2026, 10, 20, 9, 5).getTime(), now)).toMatch(/09.05|9.05/);
    expect(formatThreadTime(new Date(2026, 10, 19, 22, 0).getTime(), now)).toMatch(/^Yesterday, /);
  });

  it("names the weekday within a week, the date after, and the year when it differs", () => {
    const weekday = formatThreadTime(new Date(2026, 10, 17, 12).getTime(), now);
    expect(weekday).toBe(new Date(2026, 10, 17).toLocaleDateString([], { weekday: "long" }));
    expect(formatThreadTime(new Date(2026, 9, 1, 12).getTime(), now)).not.toContain("2026");
    expect(formatThreadTime(new Date(2025, 9, 1, 12).getTime(), now)).toContain("2025");
  });
});
