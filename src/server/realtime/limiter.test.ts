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

  it("lets a task give its slot up early, once, to the next waiting task", async () => {
    const limiter = new Limiter(1);
    const events: string[] = [];
    let finish!: () => void;
    const first = limiter.run(async (release) => {
      events.push("first starts");
      release();
      release();
      await new Promise<void>((r) => {
        finish = r;
      });
      events.push("first ends");
    });
    const second = limiter.run(async () => {
      events.push("second runs");
    });
    const third = limiter.run(async () => {
      events.push("third runs");
    });
    await second;
    await third;
    finish();
    await first;
    expect(events).toEqual(["first starts", "second runs", "third runs", "first ends"]);
    // Still one slot: a task now waits for the one before it.
    let running = 0;
    let peak = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 1));
          running--;
        }),
      ),
    );
    expect(peak).toBe(1);
  });
});
