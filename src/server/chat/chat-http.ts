import type { Context } from "hono";
import { AppError, type ErrorCode, isAppError, unauthenticated } from "#shared/errors.ts";
import type { Identity, Services } from "../api/context.ts";
import { errorPayload } from "../api/error-payload.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { requestToken } from "../documents/access.ts";
import { jsonResponse } from "../http/error-body.ts";
import { originAllowed } from "../http/origin.ts";

/**
 * The chat routes' HTTP plumbing: who is calling (Bearer token, as the web
 * app sends it, or the access cookie from this app's own pages) and errors
 * as JSON `{status: "error", errorMessage, errorData}` with a plain HTTP
 * status, since the AI SDK client shows the response body of a failure.
 */

export async function identifyChatCaller(c: Context, services: Services): Promise<Identity> {
  const claims = await chatCredentials(c, services);
  return services.auth.loadIdentity(claims.userId, claims.sessionId);
}

/**
 * The chat request's access token, its signature and expiry checked, and the
 * origin check for a cookie. Whether its session is still live is not known
 * yet: check it with loadIdentity, or in the same statement as the request's
 * own reads (POST /api/chat does, to save a round trip before the model call).
 */
export async function chatCredentials(c: Context, services: Services): Promise<AccessClaims> {
  const sent = requestToken(c);
  if (!sent) throw unauthenticated("no_token");
  // An ambient cookie proves nothing if another site made the browser send it.
  if (
    sent.via === "cookie" &&
    !originAllowed(c.req.header("origin"), c.req.header("host"), services.config.publicOrigin)
  ) {
    throw new AppError("FORBIDDEN", "Cross-site request refused.");
  }
  return services.auth.verifyToken(sent.token);
}

const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_ARGS: 400,
  UNKNOWN_FUNCTION: 404,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
};

/** Set on an AppError's data to answer with another status (503: no model configured). */
export const HTTP_STATUS_KEY = "httpStatus";

export function chatErrorResponse(error: unknown, services: Services): Response {
  const payload = errorPayload(error, services.log, { route: "chat" });
  const override = isAppError(error) ? error.data[HTTP_STATUS_KEY] : undefined;
  const status = typeof override === "number" ? override : STATUS_OF[payload.errorData.code];
  const { [HTTP_STATUS_KEY]: _status, ...errorData } = payload.errorData;
  return jsonResponse({ status: "error", ...payload, errorData, logLines: [] }, status);
}

/** The request body as JSON, or a clear 400. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (!type.startsWith("application/json")) {
    throw new AppError(
      "BAD_REQUEST",
      "Send the chat request as JSON (Content-Type: application/json).",
    );
  }
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
}
