import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isNetworkError, withNetworkRetry } from "./network-retry.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("isNetworkError", () => {
  it("knows the browsers' and Node's network failure messages (SPEC 8)", () => {
    for (const message of [
      "Failed to fetch",
      "Load failed",
      "network error",
      "fetch failed",
      "terminated",
    ]) {
      expect(isNetworkError(new TypeError(message)), message).toBe(true);
    }
    expect(isNetworkError(new Error("Invalid email or password"))).toBe(false);
    expect(isNetworkError("Failed to fetch")).toBe(false);
  });
});

describe("withNetworkRetry", () => {
  it("waits ~500 ms, then ~2000 ms plus under 100 ms of jitter, then gives up", async () => {
    const run = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const result = withNetworkRetry(run, { random: () => 0.99 });
    const outcome = expect(result).rejects.toThrow("Failed to fetch");
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(598);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2098);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
    await outcome;
  });

  it("throws any other error at once", async () => {
    const run = vi.fn(async () => {
      throw new Error("Invalid email or password");
    });
    await expect(withNetworkRetry(run)).rejects.toThrow("Invalid email or password");
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("returns the first success", async () => {
    const run = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Load failed"))
      .mockResolvedValueOnce("ok");
    const result = withNetworkRetry(run, { random: () => 0 });
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBe("ok");
  });
});
