import { describe, expect, it } from "vitest";
import { Coalescer, inFlightFromEnv } from "./coalescer.ts";

/** A statement that answers when told to (`release`), recording what it was asked. */
function fakeDatabase(options: { failMany?: boolean; shortMany?: boolean } = {}) {
  const calls: Array<{ kind: "one" | "many"; keys: number[] }> = [];
  const pending: Array<() => void> = [];
  const later = <T>(answer: () => T) =>
    new Promise<T>((resolve, reject) => {
      pending.push(() => {
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      });
    });
  const answerOf = (key: number) => {
    if (key < 0) throw new Error(`no ${key}`);
    return `row ${key}`;
  };
  const coalescer = (maxInFlight: number, maxBatch = 100) =>
    new Coalescer<number, string>({
      one: (key) => {
        calls.push({ kind: "one", keys: [key] });
        return later(() => answerOf(key));
      },
      many: (keys) => {
        calls.push({ kind: "many", keys });
        return later(() => {
          if (options.failMany) throw new Error("the batch failed");
          const answers = keys.map((key) => (key < 0 ? "wrong" : answerOf(key)));
          return options.shortMany ? answers.slice(1) : answers;
        });
      },
      batchable: (key) => key !== 99,
      maxInFlight,
      maxBatch,
    });
  /** Answer every statement sent so far, then let their callbacks run. */
  const release = async () => {
    for (const answer of pending.splice(0)) answer();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { calls, coalescer, release };
}

describe("Coalescer", () => {
  it("runs a lone read at once, alone", async () => {
    const db = fakeDatabase();
    const reads = db.coalescer(1);
    const read = reads.run(1);
    expect(db.calls).toEqual([{ kind: "one", keys: [1] }]);
    await db.release();
    await expect(read).resolves.toBe("row 1");
    expect(reads.inFlight).toBe(0);
    expect(reads.stats).toMatchObject({ calls: 1, alone: 1, batches: 0 });
  });

  it("reads the ones that came while a read was in flight in one statement, in order", async () => {
    const db = fakeDatabase();
    const reads = db.coalescer(1);
    const all = [1, 2, 3, 4].map((key) => reads.run(key));
    expect(db.calls).toEqual([{ kind: "one", keys: [1] }]);
    await db.release();
    expect(db.calls.at(-1)).toEqual({ kind: "many", keys: [2, 3, 4] });
    // Another read while the batch is in flight waits for it, then goes alone.
    const fifth = reads.run(5);
    await db.release();
    expect(db.calls.at(-1)).toEqual({ kind: "one", keys: [5] });
    await db.release();
    await expect(Promise.all([...all, fifth])).resolves.toEqual([
      "row 1",
      "row 2",
      "row 3",
      "row 4",
      "row 5",
    ]);
    expect(reads.stats).toEqual({ calls: 5, alone: 2, batches: 1, batched: 3, failedBatches: 0 });
  });

  it("keeps up to maxInFlight statements going and batches at most maxBatch reads", async () => {
    const db = fakeDatabase();
    const reads = db.coalescer(2, 3);
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((key) => reads.run(key));
    expect(db.calls).toEqual([
      { kind: "one", keys: [1] },
      { kind: "one", keys: [2] },
    ]);
    await db.release();
    expect(db.calls.slice(2)).toEqual([
      { kind: "many", keys: [3, 4, 5] },
      { kind: "many", keys: [6, 7, 8] },
    ]);
    await db.release();
    expect(db.calls.slice(4)).toEqual([{ kind: "many", keys: [9, 10] }]);
    await db.release();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => `row ${k}`));
  });

  it("answers a failed batch one read at a time, each with its own answer or error", async () => {
    const db = fakeDatabase({ failMany: true });
    const reads = db.coalescer(1);
    const all = [1, 2, -3, 4].map((key) => reads.run(key).catch((error: Error) => error.message));
    await db.release(); // the first, alone
    await db.release(); // the batch fails
    expect(db.calls.slice(1)).toEqual([
      { kind: "many", keys: [2, -3, 4] },
      { kind: "one", keys: [2] },
      { kind: "one", keys: [-3] },
      { kind: "one", keys: [4] },
    ]);
    await db.release();
    expect(await Promise.all(all)).toEqual(["row 1", "row 2", "no -3", "row 4"]);
    expect(reads.stats.failedBatches).toBe(1);
  });

  it("does not trust a batch with a wrong number of answers", async () => {
    const db = fakeDatabase({ shortMany: true });
    const reads = db.coalescer(1);
    const all = [1, 2, 3].map((key) => reads.run(key));
    await db.release();
    await db.release();
    await db.release();
    expect(await Promise.all(all)).toEqual(["row 1", "row 2", "row 3"]);
    expect(reads.stats.failedBatches).toBe(1);
  });

  it("reads what may not be batched alone and at once, and everything alone when off", async () => {
    const db = fakeDatabase();
    const reads = db.coalescer(1);
    const first = reads.run(1);
    const odd = reads.run(99);
    expect(db.calls).toEqual([
      { kind: "one", keys: [1] },
      { kind: "one", keys: [99] },
    ]);
    await db.release();
    await expect(Promise.all([first, odd])).resolves.toEqual(["row 1", "row 99"]);

    const off = fakeDatabase();
    const alone = off.coalescer(0);
    const all = [1, 2, 3].map((key) => alone.run(key));
    expect(off.calls.map((c) => c.kind)).toEqual(["one", "one", "one"]);
    await off.release();
    expect(await Promise.all(all)).toEqual(["row 1", "row 2", "row 3"]);
  });

  it("passes a lone read's failure to its caller and goes on", async () => {
    const db = fakeDatabase();
    const reads = db.coalescer(1);
    const bad = reads.run(-1).catch((error: Error) => error.message);
    const next = [2, 3].map((key) => reads.run(key));
    await db.release();
    await db.release();
    expect(await bad).toBe("no -1");
    expect(await Promise.all(next)).toEqual(["row 2", "row 3"]);
    expect(reads.inFlight).toBe(0);
  });
});

describe("inFlightFromEnv", () => {
  it("takes a whole number from 0 to 50, the fallback when unset, and refuses anything else by name", () => {
    const name = "ATRIUM_CHAT_READS_IN_FLIGHT";
    const read = (value: string | undefined) => inFlightFromEnv(name, 1, { [name]: value });
    expect(read(undefined)).toBe(1);
    expect(read("")).toBe(1);
    expect(read("0")).toBe(0);
    expect(read("7")).toBe(7);
    expect(read("50")).toBe(50);
    for (const bad of ["500", "-1", "2.5", "many"]) {
      expect(() => read(bad)).toThrow(
        /ATRIUM_CHAT_READS_IN_FLIGHT must be a whole number from 0 to 50/,
      );
    }
  });
});
