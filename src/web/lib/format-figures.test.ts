import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatDay } from "./format-figures.ts";

describe("format-figures", () => {
  it("writes bytes in the largest unit that keeps a small number", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(12 * 1024 * 1024)).toBe("12 MB");
  });
  it("shortens counts and names UTC days", () => {
    expect(formatCount(1234)).toBe("1.2K");
    expect(formatDay("2026-11-24")).toBe("Nov 24");
  });
});
