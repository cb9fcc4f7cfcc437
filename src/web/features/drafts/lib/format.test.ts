import { describe, expect, it } from "vitest";
import { formatSize, relativeTime } from "./format.ts";

describe("draft formats", () => {
  const now = Date.UTC(2026, 5, 15, 12);
  it("says how long ago, in words for the recent past", () => {
    expect(relativeTime(now - 10_000, now)).toBe("just now");
    expect(relativeTime(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe("3 h ago");
    expect(relativeTime(now - 26 * 3_600_000, now)).toBe("yesterday");
    expect(relativeTime(now - 3 * 86_400_000, now)).toBe("3 days ago");
    expect(relativeTime(now - 30 * 86_400_000, now)).not.toMatch(/ago/);
  });
  it("gives sizes in readable units", () => {
    expect(formatSize(12)).toBe("12 bytes");
    expect(formatSize(2048)).toBe("2 KB");
    expect(formatSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });
});
