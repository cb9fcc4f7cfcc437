import { describe, expect, it } from "vitest";
import { formatAgo, relativeTime } from "./format-date.ts";

describe("format-date", () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it("says how long ago at any distance", () => {
    expect(relativeTime(now - 10_000, now)).toBe("just now");
    expect(relativeTime(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(relativeTime(now - 26 * 3_600_000, now)).toBe("yesterday");
    expect(relativeTime(now + 6 * 86_400_000, now)).toBe("in 6 days");
    expect(relativeTime(now - 95 * 86_400_000, now)).toBe("3 months ago");
  });
  it("gives recent activity relative, older the date", () => {
    expect(formatAgo(now - 2 * 3_600_000, now)).toBe("2 hours ago");
    expect(formatAgo(now - 30 * 86_400_000, now)).toMatch(/2026/);
  });
});
