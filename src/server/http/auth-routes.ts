import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { AUTHENTICATION_REQUIRED } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { loadUserView } from "../users/get-me.ts";
import { originAllowed } from "./origin.ts";
import type { AppEnv } from "./request-info.ts";

export const ACCESS_COOKIE = "atrium_access";
export const REFRESH_COOKIE = "atrium_refresh";

const cookieBodySchema = z.union([
  z.null(),
  z.object({ token: z.string().min(1).max(4096), refreshToken: z.string().min(1).max(512) }),
]);

/**
 * SPEC's fetchAuth (GET /api/auth/session) and syncTokensToCookies
 * (POST /api/auth/cookie). The HttpOnly access cookie lets plain GETs (file
 * downloads, previews) prove who is asking.
 */
export function authRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const secure = services.config.publicUrl.startsWith("https://");

  routes.get("/api/auth/session", async (c) => {
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

  routes.post("/api/auth/cookie", async (c) => {
    c.header("Cache-Control", "no-store");
    if (
      !originAllowed(c.req.header("origin"), c.req.header("host"), services.config.publicOrigin)
    ) {
      return c.json({ errorMessage: "Cross-site request refused." }, 403);
    }
    if (!c.req.header("content-type")?.toLowerCase().startsWith("application/json")) {
      return c.json({ errorMessage: "Send JSON: {token, refreshToken} or null." }, 415);
    }
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      return c.json({ errorMessage: "The request body is not valid JSON." }, 400);
    }
    const body = cookieBodySchema.safeParse(json);
    if (!body.success)
      return c.json({ errorMessage: "Send JSON: {token, refreshToken} or null." }, 400);
    if (body.data === null) {
      deleteCookie(c, ACCESS_COOKIE, { path: "/" });
      deleteCookie(c, REFRESH_COOKIE, { path: "/api/auth" });
      return c.json({ ok: true });
    }
    let expiresAt: number;
    try {
      expiresAt = (await services.auth.verifyToken(body.data.token)).expiresAt;
    } catch {
      return c.json({ errorMessage: AUTHENTICATION_REQUIRED }, 401);
    }
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

  return routes;
}
