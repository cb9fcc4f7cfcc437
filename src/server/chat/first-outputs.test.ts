import { afterEach, describe, expect, it, vi } from "vitest";
import { burstHoldFromEnv, FirstOutputs } from "./first-outputs.ts";

describe("FirstOutputs", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets a turn's writes go at once when no other turn is before its first output", async () => {
    const outputs = new FirstOutputs();
    const lone = outputs.begin();
    // Its own first output not out yet does not hold it.
    await expect(lone.othersOut(1_000)).resolves.toBeUndefined();
    lone.done();
    lone.done();
    expect(outputs.pending).toBe(0);
  });

  it("holds a turn until the others' first outputs are out", async () => {
    const outputs = new FirstOutputs();
    const [a, b, c] = [outputs.begin(), outputs.begin(), outputs.begin()];
    a.done();
    let released = false;
    const held = a.othersOut(10_000).then(() => {
      released = true;
    });
    b.done();
    await Promise.resolve();
    expect(released).toBe(false);
    c.done();
    await held;
    expect(released).toBe(true);
    expect(outputs.pending).toBe(0);
  });

  it("holds a turn at most maxMs, and not at all with 0", async () => {
    vi.useFakeTimers();
    const outputs = new FirstOutputs();
    const slow = outputs.begin();
    const turn = outputs.begin();
    turn.done();
    await expect(turn.othersOut(0)).resolves.toBeUndefined();
    let released = false;
    const held = turn.othersOut(300).then(() => {
      released = true;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await held;
    expect(released).toBe(true);
    // The slow one's end later wakes nobody twice.
    slow.done();
    expect(outputs.pending).toBe(0);
  });
});

describe("burstHoldFromEnv", () => {
  it("is off unless set, and refuses anything but 0 to 2,000 ms with the variable's name", () => {
    expect(burstHoldFromEnv(undefined)).toBe(0);
    expect(burstHoldFromEnv("")).toBe(0);
    expect(burstHoldFromEnv("0")).toBe(0);
    expect(burstHoldFromEnv("300")).toBe(300);
    expect(burstHoldFromEnv("2000")).toBe(2_000);
    for (const bad of ["abc", "-1", "2001", "Infinity"]) {
      expect(() => burstHoldFromEnv(bad)).toThrow(/ATRIUM_CHAT_BURST_HOLD_MS/);
    }
  });
});
