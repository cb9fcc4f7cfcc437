import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "#shared/errors.ts";
import { errorPayload } from "../api/error-payload.ts";
import type { Logger } from "../logger.ts";

/** HTTP status of every function-call error (SPEC section 7), whatever its code. */
export const FUNCTION_ERROR_STATUS = 560;

/** The one table from error code to HTTP status, for every route but the function API. */
export const HTTP_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  INVALID_ARGS: 400,
  UNKNOWN_FUNCTION: 404,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface ErrorResponseOptions {
  /** Answer with this status instead of the code's (the function API's 560). */
  status?: number;
  /** Logged with an unexpected error. */
  context?: Record<string, unknown>;
  logLines?: string[];
}

/**
 * The one way an HTTP route answers an error: `{status: "error", errorMessage,
 * errorData: {code, ...}, logLines}` with the status of its code. An AppError
 * is shown as it is; anything else is logged and answered as INTERNAL with a
 * generic message (never a stack).
 */
export function errorResponse(
  error: unknown,
  log: Logger,
  options: ErrorResponseOptions = {},
): Response {
  const payload = errorPayload(error, log, options.context);
  const body = { status: "error", ...payload, logLines: options.logLines ?? [] };
  return jsonResponse(body, options.status ?? HTTP_STATUS[payload.errorData.code], {
    "Cache-Control": "no-store",
  });
}

/** Hono's `onError` for an app or sub-app: every thrown error answered by errorResponse. */
export function answerErrors(log: Logger, options: Pick<ErrorResponseOptions, "status"> = {}) {
  return (error: Error, c: Context): Response =>
    errorResponse(error, log, { ...options, context: { method: c.req.method, path: c.req.path } });
}

/** A JSON response with any status, the non-standard 560 too (Hono's types do not list it). */
export function jsonResponse(
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=UTF-8", ...headers },
  });
}
