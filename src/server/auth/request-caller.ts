import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { forbidden, unauthenticated } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { originAllowed } from "../http/origin.ts";
import { ACCESS_COOKIE } from "./cookies.ts";
import type { Identity } from "./identity.ts";
import type { AccessClaims } from "./tokens.ts";

/**
 * Who is calling a plain HTTP route (uploads, downloads, previews, the chat):
 * `Authorization: Bearer <token>` first, else the atrium_access cookie. A
 * cookie is ambient (another site can make the browser send it), so routes
 * that change something also check that the request comes from our own pages.
 */

export interface RequestCaller {
  identity: Identity;
  /** "cookie": ambient credentials, so state-changing requests must pass the origin check. */
  via: "bearer" | "cookie";
}

/** The access token an HTTP request carries, and how; null when it carries none. */
export function requestToken(c: Context): { token: string; via: RequestCaller["via"] } | null {
  const bearer = bearerToken(c.req.header("authorization"));
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = getCookie(c, ACCESS_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The token of an `Authorization: Bearer <token>` header; undefined without one, UNAUTHENTICATED when malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthenticated("malformed_header");
  return match[1]!;
}

/**
 * The caller of an HTTP request, or null when it sends no token; throws
 * UNAUTHENTICATED when the one sent is malformed, expired or revoked.
 */
export async function identifyRequest(
  services: Services,
  c: Context,
): Promise<RequestCaller | null> {
  const sent = requestToken(c);
  if (!sent) return null;
  return { identity: await services.auth.identify(sent.token), via: sent.via };
}

/**
 * The signed-in caller of a request that must have one; with `sameOrigin`, a
 * cookie is accepted only from this app's own pages (FORBIDDEN otherwise).
 */
export async function requireCaller(
  services: Services,
  c: Context,
  options: { sameOrigin: boolean },
): Promise<RequestCaller> {
  const caller = await identifyRequest(services, c);
  if (!caller) throw unauthenticated("no_token");
  if (options.sameOrigin && caller.via === "cookie") assertSameOrigin(services, c);
  return caller;
}

/**
 * The request's access token, its signature and expiry checked, with the
 * origin check for a cookie. Whether its session is still live is not known
 * yet: check it with loadIdentity, or in the same statement as the request's
 * own reads (POST /api/chat does, to save a round trip before the model call).
 */
export async function requestClaims(services: Services, c: Context): Promise<AccessClaims> {
  const sent = requestToken(c);
  if (!sent) throw unauthenticated("no_token");
  if (sent.via === "cookie") assertSameOrigin(services, c);
  return services.auth.verifyToken(sent.token);
}

/** Refuses a request that another site made the browser send. */
export function assertSameOrigin(services: Services, c: Context): void {
  if (!originAllowed(c.req.header("origin"), c.req.header("host"), services.config.publicOrigin)) {
    throw forbidden("Cross-site request refused.");
  }
}
