import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { AppError, unauthenticated } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { answerErrors } from "../http/error-response.ts";
import { readJson } from "../http/read-json.ts";
import { type AppEnv, requestInfo } from "../http/request-info.ts";
import { loadUserView } from "../users/get-me.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.ts";
import { finishOidcCallback } from "./oidc/oidc-flow.ts";
import { assertSameOrigin } from "./request-caller.ts";

const COOKIE_BODY_HINT = "Send JSON: {token, refreshToken} or null.";

const cookieBodySchema = z.union([
  z.null(),
  z.object({ token: z.string().min(1).max(4096), refreshToken: z.string().min(1).max(512) }),
]);

/**
 * /api/auth: SPEC's fetchAuth (GET /session) and syncTokensToCookies
 * (POST /cookie). The HttpOnly access cookie lets plain GETs (file downloads,
 * previews) prove who is asking.
 */
export function authRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const secure = services.config.publicUrl.startsWith("https://");
  routes.onError(answerErrors(services.log));

  routes.get("/session", async (c) => {
    c.header("Cache-Control", "no-store");
    const token = getCookie(c, ACCESS_COOKIE);
    const anonymous = { userId: null, token: null, isAuthenticated: false, user: null };
    if (!token) return c.json(anonymous);
    try {
      const identity = await services.auth.identify(token);
      const user = await loadUserView(services.database.db, identity.userId);
      return c.json({ userId: identity.userId, token, isAuthenticated: true, user: user ?? null });
    } catch {
      return c.json(anonymous);
    }
  });

  routes.post("/cookie", async (c) => {
    c.header("Cache-Control", "no-store");
    assertSameOrigin(services, c);
    const body = cookieBodySchema.safeParse(
      await readJson(c, { requireJsonType: COOKIE_BODY_HINT }),
    );
    if (!body.success) throw new AppError("BAD_REQUEST", COOKIE_BODY_HINT);
    if (body.data === null) {
      deleteCookie(c, ACCESS_COOKIE, { path: "/" });
      deleteCookie(c, REFRESH_COOKIE, { path: "/api/auth" });
      return c.json({ ok: true });
    }
    const { token } = body.data;
    const expiresAt = await Promise.resolve()
      .then(() => services.auth.verifyToken(token))
      .then(
        (claims) => claims.expiresAt,
        () => {
          throw unauthenticated("invalid_token");
        },
      );
    setCookie(c, ACCESS_COOKIE, body.data.token, {
      path: "/",
      httpOnly: true,
      secure,
      sameSite: "Lax",
      maxAge: Math.max(1, Math.floor((expiresAt - Date.now()) / 1000)),
    });
    setCookie(c, REFRESH_COOKIE, body.data.refreshToken, {
      path: "/api/auth",
      httpOnly: true,
      secure,
      sameSite: "Strict",
      maxAge: services.config.sessionTtlDays * 86_400,
    });
    return c.json({ ok: true });
  });

  // Single sign-on: the identity provider sends the browser back here (oidc/oidc-flow.ts).
  routes.get("/callback/:provider", async (c) => {
    c.header("Cache-Control", "no-store");
    const request = requestInfo(c, services.config.trustProxy);
    const location = await finishOidcCallback(
      services,
      c.req.param("provider"),
      new URL(c.req.url),
      request,
    );
    return c.redirect(location, 302);
  });

  return routes;
}
