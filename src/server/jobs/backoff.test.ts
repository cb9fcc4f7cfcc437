import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff.ts";

describe("retryDelayMs", () => {
  const options = { baseMs: 5_000, maxMs: 60_000 };

  it("doubles with each failed attempt from the base delay", () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, options, middle))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
  });

  it("never waits longer than the cap, however many attempts failed", () => {
    expect(retryDelayMs(5, options, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(1_000, options, () => 0.5)).toBe(60_000);
  });

  it("spreads retries by up to 20% either way", () => {
    expect(retryDelayMs(1, options, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, options, () => 0.999_999)).toBe(6_000);
  });

  it("treats a first attempt numbered 0 or below like attempt 1", () => {
    expect(retryDelayMs(0, options, () => 0.5)).toBe(5_000);
  });
});
