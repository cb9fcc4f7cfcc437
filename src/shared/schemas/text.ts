import { z } from "zod";

/**
 * The one rule for text that crosses a boundary (docs/decisions/013): every
 * string argument of a function contract, and every field of the forms and
 * bodies that share their schemas, is built with `singleLineText` or
 * `multiLineText`, never a bare `z.string()`.
 *
 * PostgreSQL refuses NUL in text, and the other control characters are never
 * typed on purpose: they hide text, break logs and break exports. A lone
 * UTF-16 surrogate cannot be stored either (it would silently become U+FFFD).
 */

export const CONTROL_CHARACTERS_MESSAGE =
  "Remove the control characters (such as NUL) from this text.";
export const BROKEN_CHARACTER_MESSAGE =
  "Remove the broken character (half of an emoji or symbol) from this text.";

type Refusal = "control" | "surrogate";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * What is wrong with `value`, if anything: a C0 control (U+0000-U+001F; a
 * multi-line text may hold tab, line feed and carriage return), DEL or a C1
 * control (U+007F-U+009F), or a surrogate that is not half of a pair.
 */
export function refusedCharacter(value: string, multiLine: boolean): Refusal | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20) {
      if (multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
      return "control";
    }
    if (code >= 0x7f && code <= 0x9f) return "control";
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return "surrogate";
    }
    if (code >= 0xdc00 && code <= 0xdfff) return "surrogate";
  }
  return undefined;
}

interface TextOptions {
  /** Trim surrounding whitespace first (so a pasted trailing newline is not refused). */
  trim?: boolean;
}

function textRule(multiLine: boolean): z.core.CheckFn<string> {
  return (ctx) => {
    const refused = refusedCharacter(ctx.value, multiLine);
    if (!refused) return;
    ctx.issues.push({
      code: "custom",
      message: refused === "control" ? CONTROL_CHARACTERS_MESSAGE : BROKEN_CHARACTER_MESSAGE,
      input: ctx.value,
      // Not aborting: inside a union (an admin form's "empty or valid") this
      // message is the one reported, not zod's "Invalid input".
      continue: true,
    });
  };
}

/** The single-line rule as a check, for a string schema zod builds itself (`z.email()`). */
export const singleLineRule = textRule(false);
const multiLineRule = textRule(true);

/**
 * Names, titles, emails, ids, search queries, passwords, tokens: no control
 * character at all. Chain limits and messages as on `z.string()`.
 */
export function singleLineText(options: TextOptions = {}): z.ZodString {
  return (options.trim ? z.string().trim() : z.string()).check(singleLineRule);
}

/** A chat message's text: tab, line feed and carriage return allowed, other controls not. */
export function multiLineText(options: TextOptions = {}): z.ZodString {
  return (options.trim ? z.string().trim() : z.string()).check(multiLineRule);
}
