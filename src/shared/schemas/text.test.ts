import { describe, expect, it } from "vitest";
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  multiLineText,
  refusedCharacter,
  singleLineText,
} from "./text.ts";

const codePoint = (code: number) => String.fromCharCode(code);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => codePoint(from + i));

const C0 = range(0x00, 0x1f);
const DEL_AND_C1 = range(0x7f, 0x9f);
const LINE_BREAKS = ["\t", "\n", "\r"];

describe("refusedCharacter", () => {
  it("refuses every C0 control, DEL and C1 control in a single line", () => {
    for (const character of [...C0, ...DEL_AND_C1]) {
      expect(refusedCharacter(`a${character}b`, false), character.charCodeAt(0).toString(16)).toBe(
        "control",
      );
    }
  });

  it("lets a multi-line text hold tab, line feed and carriage return, nothing else", () => {
    for (const character of [...C0, ...DEL_AND_C1]) {
      const expected = LINE_BREAKS.includes(character) ? undefined : "control";
      expect(refusedCharacter(`a${character}b`, true), character.charCodeAt(0).toString(16)).toBe(
        expected,
      );
    }
  });

  it("refuses half of a surrogate pair, not a whole one", () => {
    for (const text of ["\ud800", "a\ud83db", "\udfff", "b\ude00", "\ude00\ud83d"]) {
      expect(refusedCharacter(text, false), JSON.stringify(text)).toBe("surrogate");
    }
    expect(refusedCharacter("Grüße 😀 ✓ 日本 \u00a0\u2028", false)).toBeUndefined();
    expect(refusedCharacter("", false)).toBeUndefined();
  });
});

describe("singleLineText and multiLineText", () => {
  it("refuse with a message that says what to do, at the field's path", () => {
    const result = singleLineText().min(1, "Name is required").safeParse("Con\u0000tracts");
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [], message: CONTROL_CHARACTERS_MESSAGE }),
    ]);
    expect(singleLineText().safeParse("a\ud800").error?.issues[0]?.message).toBe(
      BROKEN_CHARACTER_MESSAGE,
    );
  });

  it("trim first when asked, so a pasted tab or line break at an end is not refused", () => {
    expect(singleLineText({ trim: true }).parse("\tContracts\r\n")).toBe("Contracts");
    expect(singleLineText().safeParse("\tContracts").success).toBe(false);
    expect(singleLineText({ trim: true }).safeParse("Con\ttracts").success).toBe(false);
  });

  it("keep the limits and messages chained after them", () => {
    const name = singleLineText({ trim: true }).min(1, "Required").max(5, "Too long");
    expect(name.safeParse("  ").error?.issues.map((i) => i.message)).toEqual(["Required"]);
    expect(name.safeParse("abcdef").error?.issues.map((i) => i.message)).toEqual(["Too long"]);
    expect(name.safeParse("a\u0000bcdef").error?.issues.map((i) => i.message)).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
      "Too long",
    ]);
  });

  it("multiLineText keeps the lines of a message", () => {
    expect(multiLineText().parse("First:\n\tone\r\nSecond")).toBe("First:\n\tone\r\nSecond");
    expect(multiLineText().safeParse("bell\u0007").success).toBe(false);
  });
});
