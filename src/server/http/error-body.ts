import { errorPayload } from "../api/error-payload.ts";
import type { Logger } from "../logger.ts";

/** HTTP status of every function-call error (SPEC section 7). */
export const FUNCTION_ERROR_STATUS = 560;

export function errorBody(error: unknown, log: Logger, logLines: string[] = []) {
  return { status: "error" as const, ...errorPayload(error, log), logLines };
}

/** A JSON response with the non-standard 560 status Hono's types do not list. */
export function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=UTF-8" },
  });
}
