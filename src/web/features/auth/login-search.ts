import { z } from "zod";

/**
 * Only a same-origin path is a safe place to return to after sign-in: it starts
 * with one "/" (not "//" or "/\", which browsers treat as another host).
 */
export function isSafeRedirect(value: string): boolean {
  if (!/^\/(?![/\\])/.test(value)) return false;
  return ![...value].some((char) => (char.codePointAt(0) ?? 0) < 0x20);
}

const optionalString = z.string().max(2048).optional().catch(undefined);

/**
 * /login: `redirect` back after sign-in; `code` is a one-time sign-in code (single sign-on's
 * or an emailed link's: read, then removed); `error` why single sign-on came back unsigned.
 */
export const loginSearchSchema = z
  .object({
    redirect: z.string().max(2048).refine(isSafeRedirect).optional().catch(undefined),
    code: optionalString,
    error: z.string().max(64).optional().catch(undefined),
  })
  .catch({ redirect: undefined, code: undefined, error: undefined });

export type LoginSearch = z.output<typeof loginSearchSchema>;

/** /setup: the one-time setup token from the link the server printed. */
export const setupSearchSchema = z
  .object({ token: z.string().max(200).optional().catch(undefined) })
  .catch({ token: undefined });
