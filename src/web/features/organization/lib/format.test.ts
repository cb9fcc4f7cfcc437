import { describe, expect, it } from "vitest";
import { formatBytes, monthLabel, relativeTime } from "./format.ts";

describe("organization formatting", () => {
  it("says how long ago", () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(relativeTime(now - 10_000, now)).toBe("just now");
    expect(relativeTime(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(relativeTime(now - 26 * 3_600_000, now)).toBe("yesterday");
    expect(relativeTime(now + 6 * 86_400_000, now)).toBe("in 6 days");
  });

  it("writes sizes and months", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(monthLabel("2026-01")).toBe("Jan");
  });
});
