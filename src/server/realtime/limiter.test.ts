import { describe, expect, it } from "vitest";
import { Limiter } from "./limiter.ts";

describe("Limiter", () => {
  it("never runs more than its size at once, even when new tasks arrive as others finish", async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 1));
      order.push(n);
      running--;
      // A newcomer arriving right as a slot frees must wait its turn.
      if (n === 0) void limiter.run(task(99));
      return n;
    };
    const results = await Promise.all([0, 1, 2, 3, 4].map((n) => limiter.run(task(n))));
    await new Promise((r) => setTimeout(r, 20));
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(order.indexOf(99)).toBeGreaterThan(order.indexOf(2));
  });

  it("frees the slot when a task fails", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow(
      "boom",
    );
    expect(await limiter.run(async () => "next")).toBe("next");
  });
});
