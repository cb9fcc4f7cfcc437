import { describe, expect, it } from "vitest";
import { formatBytes, plural } from "./format.ts";

describe("formatBytes", () => {
  it("uses whole bytes below a kilobyte and one decimal above", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(150 * 1024 * 1024)).toBe("150 MB");
    expect(formatBytes(5.25 * 1024 ** 3)).toBe("5.3 GB");
  });

  it("shows a dash for impossible sizes", () => {
    expect(formatBytes(-1)).toBe("—");
    expect(formatBytes(Number.NaN)).toBe("—");
  });
});

describe("plural", () => {
  it("says one thing or many things", () => {
    expect(plural(1, "document")).toBe("1 document");
    expect(plural(0, "subfolder")).toBe("0 subfolders");
    expect(plural(1200, "document")).toMatch(/^1.200 documents$/);
  });
});
