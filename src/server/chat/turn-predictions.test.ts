import { describe, expect, it } from "vitest";
import type { Identity } from "../auth/identity.ts";
import type { ThreadRow } from "../threads/thread-access.ts";
import type { HistoryRow } from "./load-history.ts";
import { sameValue, speculationEnabled, TurnPredictions } from "./turn-predictions.ts";

const caller = { userId: "u1", organizationId: "o1" } as unknown as Identity;
const thread = (id: string) =>
  ({ id, userId: "u1", organizationId: "o1", activeStreamId: "s1" }) as unknown as ThreadRow;
const userMessage = (text: string): HistoryRow => ({
  id: "m1",
  role: "user",
  seq: 1,
  parts: [{ type: "text", text }] as HistoryRow["parts"],
});

function answered(predictions: TurnPredictions, threadId: string, text: string) {
  predictions.rememberAnswered({
    thread: thread(threadId),
    history: [userMessage(text)],
    assistantMessageId: "m2",
    attached: [],
    parts: [{ type: "text", text: "An answer." }],
  });
}

describe("speculationEnabled", () => {
  it("is on with the embedded database and off on PostgreSQL unless ATRIUM_CHAT_SPECULATION says", () => {
    expect(speculationEnabled("pglite", undefined)).toBe(true);
    expect(speculationEnabled("postgres", undefined)).toBe(false);
    expect(speculationEnabled("postgres", "on")).toBe(true);
    expect(speculationEnabled("pglite", "off")).toBe(false);
    expect(speculationEnabled("pglite", "on")).toBe(true);
    expect(speculationEnabled("postgres", "off")).toBe(false);
    expect(speculationEnabled("postgres", " ")).toBe(false);
  });

  it("refuses any other value, naming the variable", () => {
    expect(() => speculationEnabled("pglite", "yes")).toThrow(
      'ATRIUM_CHAT_SPECULATION must be "on" or "off", got "yes"',
    );
    expect(() => speculationEnabled("postgres", "OFF")).toThrow(/ATRIUM_CHAT_SPECULATION/);
  });
});

describe("TurnPredictions", () => {
  it("guesses a thread's next read for the session that read it, once", () => {
    const predictions = new TurnPredictions(true);
    predictions.rememberRead("session", caller, {
      userModelId: "m",
      organizationModelId: null,
    } as never);
    answered(predictions, "t1", "Hello");
    expect(predictions.peek("other-session", "u1", "t1")).toBeUndefined();
    expect(predictions.peek("session", "u2", "t1")).toBeUndefined();
    const guess = predictions.take("session", "u1", "t1");
    expect(guess?.state.thread.activeStreamId).toBeNull();
    expect(guess?.state.history.map((row) => row.role)).toEqual(["assistant", "user"]);
    expect(guess?.state.maxSeq).toBe(2);
    expect(predictions.take("session", "u1", "t1")).toBeUndefined();
  });

  it("keeps no thread whose history is too long to be worth holding, and remembers nothing when off", () => {
    const predictions = new TurnPredictions(true);
    answered(predictions, "long", "x".repeat(600 * 1024));
    answered(predictions, "short", "Hello");
    expect(predictions.size).toBe(1);
    const off = new TurnPredictions(false);
    answered(off, "t", "Hello");
    expect(off.size).toBe(0);
  });

  it("compares as the database gives values back: key order, undefined fields, dates by time", () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue(new Date(5), new Date(5))).toBe(true);
    expect(sameValue(new Date(5), 5)).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
  });
});
