import { describe, expect, it } from "vitest";
import { commandCenterSearchSchema, isValidThreadId, normalizeThreadIdParam } from "./thread-id.ts";

describe("isValidThreadId", () => {
  it("accepts an id of 10 characters or more", () => {
    expect(isValidThreadId("abcdefghij")).toBe(true);
    expect(isValidThreadId("k57f3a9v2e8x1q0w4r6t")).toBe(true);
    expect(isValidThreadId("0b7c8e1e-6a0c-4f5e-9d62-3f1a2b4c5d6e")).toBe(true);
  });

  it("rejects an id of 9 characters", () => {
    expect(isValidThreadId("abcdefghi")).toBe(false);
  });

  it("does not count surrounding spaces towards the length", () => {
    expect(isValidThreadId("  abcdefghi  ")).toBe(false);
    expect(isValidThreadId("  abcdefghij  ")).toBe(true);
  });

  it("rejects a missing, empty or blank id", () => {
    expect(isValidThreadId(undefined)).toBe(false);
    expect(isValidThreadId(null)).toBe(false);
    expect(isValidThreadId("")).toBe(false);
    expect(isValidThreadId("          ")).toBe(false);
    expect(isValidThreadId("\t\n          ")).toBe(false);
  });

  it("rejects the texts null and undefined, even padded to 10 characters", () => {
    expect(isValidThreadId("null")).toBe(false);
    expect(isValidThreadId("undefined")).toBe(false);
    expect(isValidThreadId("   null   ")).toBe(false);
    expect(isValidThreadId(" undefined ")).toBe(false);
  });

  it("accepts longer ids that merely contain null or undefined", () => {
    expect(isValidThreadId("nullnullnull")).toBe(true);
    expect(isValidThreadId("undefined-1")).toBe(true);
  });

  it("rejects values that are not strings", () => {
    expect(isValidThreadId(1234567890123)).toBe(false);
    expect(isValidThreadId({ id: "abcdefghijkl" })).toBe(false);
    expect(isValidThreadId(["abcdefghijkl"])).toBe(false);
    expect(isValidThreadId(true)).toBe(false);
  });
});

describe("normalizeThreadIdParam", () => {
  it("keeps a real id", () => {
    expect(normalizeThreadIdParam("thread-123")).toBe("thread-123");
    expect(normalizeThreadIdParam("a")).toBe("a");
  });

  it("trims surrounding spaces", () => {
    expect(normalizeThreadIdParam("  thread-123 ")).toBe("thread-123");
  });

  it.each([
    ["an empty string", ""],
    ["a blank string", "   "],
    ["the text null", "null"],
    ["the text undefined", "undefined"],
    ["padded null", " null "],
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["an array", ["thread-123"]],
    ["an object", {}],
  ])("treats %s as absent", (_label, value) => {
    expect(normalizeThreadIdParam(value)).toBeUndefined();
  });

  it("is case-sensitive about null and undefined (ids may be any text)", () => {
    expect(normalizeThreadIdParam("NULL")).toBe("NULL");
  });
});

describe("commandCenterSearchSchema", () => {
  it("passes a thread id through", () => {
    expect(commandCenterSearchSchema.parse({ thread_id: "thread-123" })).toEqual({
      thread_id: "thread-123",
    });
  });

  it("has no thread id when the param is missing", () => {
    expect(commandCenterSearchSchema.parse({}).thread_id).toBeUndefined();
  });

  it.each(["", "  ", "null", "undefined", null, 7, { nested: true }])(
    "turns thread_id %j into no thread id",
    (value) => {
      expect(commandCenterSearchSchema.parse({ thread_id: value }).thread_id).toBeUndefined();
    },
  );

  it("never throws, whatever the input", () => {
    for (const input of [null, undefined, "text", 5, [], { thread_id: Symbol("x") }]) {
      expect(commandCenterSearchSchema.parse(input)).toEqual({ thread_id: undefined });
    }
  });

  it("carries a prompt for the message box, and drops one that is not text", () => {
    expect(commandCenterSearchSchema.parse({ prompt: "Hello {{x}}" }).prompt).toBe("Hello {{x}}");
    expect(commandCenterSearchSchema.parse({ prompt: 42 }).prompt).toBeUndefined();
    expect(commandCenterSearchSchema.parse({ prompt: "x".repeat(20_001) }).prompt).toBeUndefined();
  });

  it("ignores unknown params", () => {
    expect(commandCenterSearchSchema.parse({ thread_id: "abc", other: "x" })).toEqual({
      thread_id: "abc",
    });
  });
});
