import { z } from "zod";

/** SPEC 5: the threads route's threadId, and command-center's optional thread_id. */

export const MIN_THREAD_ID_LENGTH = 10;

/** Text that stands for "no value" when a missing id was turned into a string. */
const ABSENT_TEXTS = new Set(["null", "undefined"]);

/**
 * True when a /threads/{threadId} value may be loaded: a string that is not blank, not the
 * text null or undefined, and at least 10 characters long (surrounding spaces not counted).
 */
export function isValidThreadId(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const id = value.trim();
  return !ABSENT_TEXTS.has(id) && id.length >= MIN_THREAD_ID_LENGTH;
}

/**
 * command-center's thread_id: blank, 'null' and 'undefined' count as absent, and so does
 * anything that is not a string (the router parses `?thread_id=null` as JSON null).
 */
export function normalizeThreadIdParam(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const id = value.trim();
  if (id === "" || ABSENT_TEXTS.has(id)) return undefined;
  return id;
}

/**
 * Search params of /command-center; a bad value falls back to "no thread" and no
 * prompt, never throws.
 */
export const commandCenterSearchSchema = z
  .object({
    thread_id: z.string().optional().transform(normalizeThreadIdParam).catch(undefined),
    /** Text to start the message box with (a filled prompt from the library). */
    prompt: z.string().max(20_000).optional().catch(undefined),
    /** The library prompt it came from: the new chat takes its model and documents. */
    prompt_id: z.string().max(100).optional().catch(undefined),
  })
  .catch({ thread_id: undefined, prompt: undefined, prompt_id: undefined });

export type CommandCenterSearch = z.output<typeof commandCenterSearchSchema>;
