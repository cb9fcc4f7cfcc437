import { and, eq, sql } from "drizzle-orm";
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { auditLog, serverState, users } from "../../src/server/db/schema.ts";
import { callerAt, callFn, callFnResult } from "../support/call-fn.ts";
import {
  callWithAuthorization,
  createTestUser,
  DB_KINDS,
  rawRequest,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
  unique,
} from "../support/server.ts";
import { subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

type SigningKeyLike = Parameters<SignJWT["sign"]>[0];

const AUTH_REQUIRED = {
  status: "error",
  errorMessage: "Authentication required",
  errorData: { code: "UNAUTHENTICATED" },
  logLines: [],
};

/** A token with the same claims as `model` (or overrides), signed with `key`. */
function signLike(
  model: string,
  key: SigningKeyLike,
  options: { expiresAt?: number; subject?: string; alg?: string } = {},
): Promise<string> {
  const claims = decodeJwt(model);
  const header = decodeProtectedHeader(model);
  const expiresAt = options.expiresAt ?? Math.floor(Date.now() / 1000) + 600;
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: options.alg ?? "ES256", kid: header.kid, typ: "JWT" })
    .setSubject(options.subject ?? claims.sub!)
    .setIssuer(claims.iss!)
    .setAudience(claims.aud!)
    .setIssuedAt(expiresAt - 900)
    .setExpirationTime(expiresAt)
    .sign(key);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe.each(DB_KINDS)("authentication (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // TRUST_PROXY lets the per-IP rate-limit test act as other clients via X-Forwarded-For.
    server = await startTestServer(kind, { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  const db = () => server.running.services.database.db;
  // Answers as they came over the wire: these tests check error bodies and logLines too.
  const getMe = (token: string) => callFnResult(server, api.users.getMe, {}, token);
  const refresh = (refreshToken: string) => callFnResult(server, api.auth.signIn, { refreshToken });
  const disable = (userId: string) =>
    db().update(users).set({ disabled: true }).where(eq(users.id, userId));
  const openSocket = async () => {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    return socket;
  };

  describe("password sign-in", () => {
    it("returns an access token and a refresh token that work", async () => {
      const user = await createTestUser(server);
      const result = await signInWithPassword(server, user.email, user.password);
      expect(result.httpStatus).toBe(200);
      expect(result.body).toEqual({
        status: "success",
        value: { tokens: { token: expect.any(String), refreshToken: expect.any(String) } },
        logLines: [],
      });
      const tokens = tokensOf(result);
      expect(tokens.token.split(".")).toHaveLength(3);
      expect(decodeJwt(tokens.token)).toMatchObject({ sub: user.userId });
      expect((await getMe(tokens.token)).body.value).toMatchObject({ _id: user.userId });
      expect((await refresh(tokens.refreshToken)).body.status).toBe("success");
    });

    it("takes the email in any case and with surrounding spaces", async () => {
      const user = await createTestUser(server);
      const result = await signInWithPassword(
        server,
        `  ${user.email.toUpperCase()} `,
        user.password,
      );
      expect((await getMe(tokensOf(result).token)).body.value).toMatchObject({
        _id: user.userId,
      });
    });

    it("answers an unknown email exactly like a wrong password", async () => {
      const user = await createTestUser(server);
      const wrongPassword = await signInWithPassword(server, user.email, "not the password");
      const unknownEmail = await signInWithPassword(
        server,
        `${unique("nobody")}@example.test`,
        user.password,
      );
      expect(wrongPassword.httpStatus).toBe(560);
      expect(wrongPassword.body).toEqual({
        status: "error",
        errorMessage: "Invalid email or password.",
        errorData: { code: "INVALID_CREDENTIALS" },
        logLines: [],
      });
      expect(unknownEmail.httpStatus).toBe(wrongPassword.httpStatus);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });
  });

  describe("refresh tokens", () => {
    it("rotate on every use; reusing a rotated one ends the whole session", async () => {
      const user = await createTestUser(server);
      const first = tokensOf(await refresh(user.refreshToken));
      expect(first.refreshToken).not.toBe(user.refreshToken);
      expect((await getMe(first.token)).body.status).toBe("success");
      const second = tokensOf(await refresh(first.refreshToken));
      expect((await getMe(second.token)).body.status).toBe("success");

      // The first refresh token was already used: presenting it again is a sign of theft.
      const reuse = await refresh(user.refreshToken);
      expect(reuse.httpStatus).toBe(560);
      expect(reuse.body).toMatchObject({
        status: "error",
        errorMessage: "Your session has ended. Please sign in again.",
        errorData: { code: "UNAUTHENTICATED" },
      });

      // Every token of that session is now dead, the newest ones included.
      for (const token of [second.token, first.token, user.token]) {
        const me = await getMe(token);
        expect(me.httpStatus).toBe(560);
        expect(me.body).toMatchObject({
          errorMessage: "Authentication required",
          errorData: { code: "UNAUTHENTICATED" },
        });
      }
      const newest = await refresh(second.refreshToken);
      expect(newest.body.errorData?.code).toBe("UNAUTHENTICATED");
    });

    it("leave the user's other sessions alone when one session is revoked for reuse", async () => {
      const user = await createTestUser(server);
      const other = tokensOf(await signInWithPassword(server, user.email, user.password));
      await refresh(user.refreshToken);
      await refresh(user.refreshToken);
      expect((await getMe(user.token)).body.errorData?.code).toBe("UNAUTHENTICATED");
      expect((await getMe(other.token)).body.status).toBe("success");
    });

    it("refuse an unknown refresh token", async () => {
      const result = await refresh("this-token-was-never-issued");
      expect(result.httpStatus).toBe(560);
      expect(result.body.errorData?.code).toBe("UNAUTHENTICATED");
    });
  });

  describe("sign-out", () => {
    it("revokes the session: its access and refresh tokens stop working at once", async () => {
      const user = await createTestUser(server);
      const other = tokensOf(await signInWithPassword(server, user.email, user.password));
      const result = await callFnResult(server, api.auth.signOut, {}, user.token);
      expect(result.httpStatus).toBe(200);
      expect(result.body).toEqual({ status: "success", value: null, logLines: [] });

      const me = await getMe(user.token);
      expect(me.httpStatus).toBe(560);
      expect(me.body).toMatchObject({
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED" },
      });
      expect((await refresh(user.refreshToken)).body.errorData?.code).toBe("UNAUTHENTICATED");
      expect(
        (await callFnResult(server, api.auth.signOut, {}, user.token)).body.errorData?.code,
      ).toBe("UNAUTHENTICATED");
      // Only that session: the user's other sign-in goes on.
      expect((await getMe(other.token)).body.status).toBe("success");
    });
  });

  describe("a disabled user", () => {
    it("cannot sign in, and their tokens and sockets stop working", async () => {
      const user = await createTestUser(server);
      const socket = await openSocket();
      expect((await socket.authenticate(user.token)).type).toBe("authenticated");
      expect(await subscribeFn(socket, "me", api.users.getMe, {})).toMatchObject({
        type: "query_result",
      });
      const authError = socket.next((m) => m.type === "auth_error");

      await disable(user.userId);

      expect(await authError).toMatchObject({
        type: "auth_error",
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED" },
      });
      const me = await getMe(user.token);
      expect(me.httpStatus).toBe(560);
      expect(me.body).toMatchObject({
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED" },
      });
      expect((await refresh(user.refreshToken)).body.errorData?.code).toBe("UNAUTHENTICATED");
      const signIn = await signInWithPassword(server, user.email, user.password);
      expect(signIn.body).toMatchObject({
        errorMessage: "This account is disabled. Contact your administrator.",
        errorData: { code: "FORBIDDEN" },
      });
      // A new socket cannot authenticate with the old token either.
      const fresh = await openSocket();
      expect(await fresh.authenticate(user.token)).toMatchObject({
        type: "auth_error",
        errorData: { code: "UNAUTHENTICATED" },
      });
    });
  });

  describe("rate limiting", () => {
    it("refuses an address after 10 wrong passwords for one account, even the right one", async () => {
      const user = await createTestUser(server);
      for (let attempt = 1; attempt <= 10; attempt++) {
        const result = await signInWithPassword(server, user.email, `wrong password ${attempt}`);
        expect(result.body.errorData?.code).toBe("INVALID_CREDENTIALS");
      }
      const eleventh = await signInWithPassword(server, user.email, "wrong password 11");
      expect(eleventh.httpStatus).toBe(560);
      expect(eleventh.body).toMatchObject({
        status: "error",
        errorMessage: expect.stringMatching(
          /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/,
        ),
        errorData: { code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) },
      });
      const right = await signInWithPassword(server, user.email, user.password);
      expect(right.body.errorData?.code).toBe("RATE_LIMITED");
      expect(right.body.errorMessage).toContain("Too many sign-in attempts");

      // Other accounts are not affected, and the user's existing session goes on.
      const other = await createTestUser(server);
      expect((await signInWithPassword(server, other.email, other.password)).body.status).toBe(
        "success",
      );
      expect((await getMe(user.token)).body.status).toBe("success");
    });

    it("blocks an IP address after 100 attempts, while other addresses still sign in", async () => {
      const user = await createTestUser(server);
      const attacker = "203.0.113.9";
      const signInFrom = async (ip: string, email: string, password: string) => {
        const from = callerAt(server.url, { "x-forwarded-for": ip });
        const result = await callFnResult(from, api.auth.signIn, {
          provider: "password",
          params: { email, password },
        });
        return result.body;
      };
      for (let batch = 0; batch < 10; batch++) {
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            signInFrom(attacker, `${unique(`spray${batch}-${i}`)}@example.test`, "guess"),
          ),
        );
        for (const result of results) expect(result.errorData?.code).toBe("INVALID_CREDENTIALS");
      }
      const blocked = await signInFrom(attacker, user.email, user.password);
      expect(blocked).toMatchObject({
        errorMessage: expect.stringContaining("Too many sign-in attempts"),
        errorData: { code: "RATE_LIMITED" },
      });
      expect((await signInFrom("198.51.100.7", user.email, user.password)).status).toBe("success");
      // 100 password hashes: slow on a loaded 2-core machine.
    }, 90_000);
  });

  describe("bad access tokens", () => {
    it("accepts a token signed with the server's key (control for the cases below)", async () => {
      const user = await createTestUser(server);
      const row = (
        await db().select().from(serverState).where(eq(serverState.key, "jwt-signing-key"))
      )[0];
      const key = await importJWK((row!.value as { privateJwk: JWK }).privateJwk, "ES256");
      const token = await signLike(user.token, key);
      expect((await getMe(token)).body.value).toMatchObject({ _id: user.userId });
    });

    it("refuses an expired token signed with the server's real key", async () => {
      const user = await createTestUser(server);
      const row = (
        await db().select().from(serverState).where(eq(serverState.key, "jwt-signing-key"))
      )[0];
      const key = await importJWK((row!.value as { privateJwk: JWK }).privateJwk, "ES256");
      const expired = await signLike(user.token, key, {
        expiresAt: Math.floor(Date.now() / 1000) - 60,
      });
      const result = await getMe(expired);
      expect(result.httpStatus).toBe(560);
      expect(result.body).toMatchObject(AUTH_REQUIRED);
    });

    it("refuses a token signed with another key", async () => {
      const user = await createTestUser(server);
      const { privateKey } = await generateKeyPair("ES256");
      const forged = await signLike(user.token, privateKey);
      const result = await getMe(forged);
      expect(result.httpStatus).toBe(560);
      expect(result.body).toMatchObject(AUTH_REQUIRED);

      // Same on the socket.
      const socket = await openSocket();
      expect(await socket.authenticate(forged)).toMatchObject({
        type: "auth_error",
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED" },
      });
    });

    it("refuses tampered tokens: a flipped character, another user's id, alg none", async () => {
      const user = await createTestUser(server);
      const victim = await createTestUser(server);
      const [header, payload, signature] = user.token.split(".") as [string, string, string];
      const middle = Math.floor(payload.length / 2);
      const flippedChar = payload[middle] === "A" ? "B" : "A";
      const flipped = `${header}.${payload.slice(0, middle)}${flippedChar}${payload.slice(middle + 1)}.${signature}`;
      const claims = decodeJwt(user.token);
      const swapped = `${header}.${base64url({ ...claims, sub: victim.userId })}.${signature}`;
      const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${payload}.`;

      for (const token of [flipped, swapped, unsigned]) {
        const result = await getMe(token);
        expect(result.httpStatus).toBe(560);
        expect(result.body).toMatchObject(AUTH_REQUIRED);
      }
    });

    it("refuses garbage in the Authorization header", async () => {
      for (const authorization of [
        "Bearer garbage",
        "Bearer a.b.c",
        `Bearer ${"x".repeat(5000)}`,
        "Bearer",
        "Basic dXNlcjpwYXNzd29yZA==",
        "Bearer two words",
        "token-without-scheme",
      ]) {
        const result = await callWithAuthorization(server, api.users.getMe, {}, authorization);
        expect(result.httpStatus, authorization.slice(0, 40)).toBe(560);
        expect(result.body, authorization.slice(0, 40)).toMatchObject(AUTH_REQUIRED);
      }
      // And the server goes on serving.
      const health = await rawRequest(server, "/api/health");
      expect(health.json).toMatchObject({ status: "ok" });
    });
  });

  describe("session cookies (fetchAuth and syncTokensToCookies)", () => {
    const postCookie = (body: string, headers: Record<string, string> = {}) =>
      rawRequest(server, "/api/auth/cookie", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    const cookieHeader = (setCookies: string[]) =>
      setCookies.map((c) => c.split(";")[0]).join("; ");

    it("GET /api/auth/session without a cookie answers the anonymous session", async () => {
      const response = await rawRequest(server, "/api/auth/session");
      expect(response.httpStatus).toBe(200);
      expect(response.json).toEqual({
        userId: null,
        token: null,
        isAuthenticated: false,
        user: null,
      });
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("POST /api/auth/cookie sets HttpOnly SameSite cookies the session endpoint reads", async () => {
      const user = await createTestUser(server, { firstName: "Cookie" });
      const response = await postCookie(
        JSON.stringify({ token: user.token, refreshToken: user.refreshToken }),
        { origin: server.url },
      );
      expect(response.httpStatus).toBe(200);
      const setCookies = response.headers.getSetCookie();
      const access = setCookies.find((c) => c.startsWith("atrium_access="));
      expect(access).toBeDefined();
      expect(access).toContain(`atrium_access=${user.token}`);
      expect(access).toMatch(/;\s*HttpOnly/i);
      expect(access).toMatch(/;\s*SameSite=Lax/i);
      expect(access).toMatch(/;\s*Path=\//);
      const refreshCookie = setCookies.find((c) => c.startsWith("atrium_refresh="));
      expect(refreshCookie).toMatch(/;\s*HttpOnly/i);

      const session = await rawRequest(server, "/api/auth/session", {
        headers: { cookie: cookieHeader(setCookies) },
      });
      expect(session.httpStatus).toBe(200);
      expect(session.json).toEqual({
        userId: user.userId,
        token: user.token,
        isAuthenticated: true,
        user: expect.objectContaining({
          _id: user.userId,
          firstName: "Cookie",
          email: user.email,
          organizationId: user.organizationId,
        }),
      });
      expect(JSON.stringify(session.json)).not.toMatch(/passwordHash/i);
    });

    it("POST null clears the cookies", async () => {
      const response = await postCookie("null");
      expect(response.httpStatus).toBe(200);
      const setCookies = response.headers.getSetCookie();
      const access = setCookies.find((c) => c.startsWith("atrium_access="));
      expect(access).toBeDefined();
      expect(access).toMatch(/^atrium_access=;/);
      expect(access).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      expect(setCookies.find((c) => c.startsWith("atrium_refresh="))).toMatch(/^atrium_refresh=;/);
    });

    it("a cookie whose session has ended reads as anonymous", async () => {
      const user = await createTestUser(server);
      await callFn(server, api.auth.signOut, {}, user.token);
      const session = await rawRequest(server, "/api/auth/session", {
        headers: { cookie: `atrium_access=${user.token}` },
      });
      expect(session.json).toEqual({
        userId: null,
        token: null,
        isAuthenticated: false,
        user: null,
      });
    });

    it("refuses an invalid token (401), a non-JSON body (415) and a cross-site origin (403)", async () => {
      const user = await createTestUser(server);
      const invalid = await postCookie(JSON.stringify({ token: "garbage", refreshToken: "x" }));
      expect(invalid.httpStatus).toBe(401);
      expect(invalid.json).toEqual({
        status: "error",
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED", reason: "invalid_token" },
        logLines: [],
      });
      expect(invalid.headers.getSetCookie()).toEqual([]);

      const notJson = await rawRequest(server, "/api/auth/cookie", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ token: user.token, refreshToken: user.refreshToken }),
      });
      expect(notJson.httpStatus).toBe(415);
      expect(notJson.json).toMatchObject({
        errorMessage: expect.any(String),
        errorData: { code: "UNSUPPORTED_MEDIA_TYPE" },
      });
      expect(notJson.headers.getSetCookie()).toEqual([]);

      const crossSite = await postCookie(
        JSON.stringify({ token: user.token, refreshToken: user.refreshToken }),
        { origin: "https://evil.example" },
      );
      expect(crossSite.httpStatus).toBe(403);
      expect(crossSite.json).toMatchObject({
        errorMessage: "Cross-site request refused.",
        errorData: { code: "FORBIDDEN" },
      });
      expect(crossSite.headers.getSetCookie()).toEqual([]);
    });
  });

  describe("audit log", () => {
    it("records sign-in, failed sign-in and sign-out with the caller's address", async () => {
      const user = await createTestUser(server);
      await signInWithPassword(server, user.email, "wrong password");
      await callFn(server, api.auth.signOut, {}, user.token);
      const unknownEmail = `${unique("ghost")}@example.test`;
      await signInWithPassword(server, unknownEmail, "whatever");

      const rows = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorUserId, user.userId))
        .orderBy(auditLog.createdAt);
      const actions = rows.map((r) => r.action);
      expect(actions).toEqual(
        expect.arrayContaining(["auth.sign_in", "auth.sign_in_failed", "auth.sign_out"]),
      );
      for (const row of rows) {
        expect(row.organizationId).toBe(user.organizationId);
        expect(row.ip).toBeTruthy();
      }
      const ghost = await db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "auth.sign_in_failed"),
            sql`${auditLog.metadata}->>'email' = ${unknownEmail}`,
          ),
        );
      expect(ghost).toHaveLength(1);
      expect(ghost[0]!.actorUserId).toBeNull();
    });
  });
});
