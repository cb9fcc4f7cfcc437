import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { users } from "../../src/server/db/schema.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { callFn, callFnRaw, callFnResult, resultOf } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  rawRequest,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
  unique,
} from "../support/server.ts";

/** Every function over the HTTP fallback, and every kind of 560 error body (SPEC section 7). */
describe.each(DB_KINDS)("functions over HTTP (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  describe("users.getMe", () => {
    it("returns the caller with their organization, and never the password hash", async () => {
      const db = server.running.services.database.db;
      const orgName = unique("Getme Org");
      const org = await createOrganization({ db, name: orgName });
      const before = Date.now();
      const user = await createTestUser(server, {
        organizationId: org.id,
        firstName: "Ada",
        role: "OrganizationAdmin",
      });

      const result = await callFnResult(server, api.users.getMe, {}, user.token);

      expect(result.httpStatus).toBe(200);
      expect(result.body).toEqual({
        status: "success",
        value: {
          _id: user.userId,
          _creationTime: expect.any(Number),
          firstName: "Ada",
          lastName: "User",
          email: user.email,
          isSuperadmin: false,
          role: "OrganizationAdmin",
          organizationId: org.id,
          organization: { _id: org.id, name: orgName, slug: org.slug },
        },
        logLines: [],
      });
      const value = resultOf(api.users.getMe, result.body.value);
      expect(value._creationTime).toBeGreaterThan(before - 60_000);
      expect(value._creationTime).toBeLessThanOrEqual(Date.now() + 1000);
      expect(JSON.stringify(result.body)).not.toMatch(/passwordHash|argon2/i);
    });

    it("shows a superadmin as such", async () => {
      const admin = await createTestUser(server, { isSuperadmin: true });
      const me = await callFn(server, api.users.getMe, {}, admin.token);
      expect(me).toMatchObject({ isSuperadmin: true, role: "Member" });
    });
  });

  describe("users.updateProfile", () => {
    it("saves trimmed names and returns the updated user", async () => {
      const user = await createTestUser(server);
      const result = await callFnResult(
        server,
        api.users.updateProfile,
        { firstName: "  Grace ", lastName: "\tHopper  " },
        user.token,
      );
      expect(result.httpStatus).toBe(200);
      expect(result.body).toMatchObject({
        status: "success",
        value: { _id: user.userId, firstName: "Grace", lastName: "Hopper", email: user.email },
        logLines: [],
      });
      const me = await callFn(server, api.users.getMe, {}, user.token);
      expect(me).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    });

    it("refuses a blank first name with 'First name is required' and changes nothing", async () => {
      const user = await createTestUser(server, { firstName: "Kept" });
      const result = await callFnResult(
        server,
        api.users.updateProfile,
        { firstName: "   ", lastName: "Someone" },
        user.token,
      );
      expect(result.httpStatus).toBe(560);
      expect(result.body).toEqual({
        status: "error",
        errorMessage:
          "Invalid arguments for users.updateProfile: firstName: First name is required",
        errorData: {
          code: "INVALID_ARGS",
          issues: [{ path: "firstName", message: "First name is required" }],
        },
        logLines: [],
      });
      const me = await callFn(server, api.users.getMe, {}, user.token);
      expect(me).toMatchObject({ firstName: "Kept", lastName: "User" });
    });

    it("only ever changes the caller's own profile", async () => {
      const alice = await createTestUser(server, { firstName: "Alice" });
      const bob = await createTestUser(server, { firstName: "Bob" });
      // Raw: the args name another user on purpose, fields the contract does not have.
      await callFnRaw(
        server,
        api.users.updateProfile,
        { firstName: "Robert", lastName: "B", _id: alice.userId, userId: alice.userId },
        bob.token,
      );
      const aliceMe = await callFn(server, api.users.getMe, {}, alice.token);
      expect(aliceMe).toMatchObject({ firstName: "Alice", lastName: "User" });
      const bobMe = await callFn(server, api.users.getMe, {}, bob.token);
      expect(bobMe).toMatchObject({ firstName: "Robert", lastName: "B" });
    });
  });

  describe("users.changePassword", () => {
    it("refuses a wrong current password", async () => {
      const user = await createTestUser(server);
      const result = await callFnResult(
        server,
        api.users.changePassword,
        { currentPassword: "not my password", newPassword: "a brand new password" },
        user.token,
      );
      expect(result.httpStatus).toBe(560);
      expect(result.body).toMatchObject({
        status: "error",
        errorMessage: "The current password is incorrect.",
        errorData: { code: "INVALID_CREDENTIALS" },
        logLines: [],
      });
      // Nothing changed: the old password still signs in.
      expect((await signInWithPassword(server, user.email, user.password)).body.status).toBe(
        "success",
      );
    });

    it("refuses a new password under 8 characters", async () => {
      const user = await createTestUser(server);
      const result = await callFnResult(
        server,
        api.users.changePassword,
        { currentPassword: user.password, newPassword: "short" },
        user.token,
      );
      expect(result.httpStatus).toBe(560);
      expect(result.body.errorData?.code).toBe("INVALID_ARGS");
      expect(result.body.errorMessage).toContain("Password must be at least 8 characters");
      expect(result.body.errorData?.issues).toEqual([
        { path: "newPassword", message: "Password must be at least 8 characters" },
      ]);
      expect((await signInWithPassword(server, user.email, "short")).body.errorData?.code).toBe(
        "INVALID_CREDENTIALS",
      );
    });

    it("switches the password, keeps the caller signed in and ends the user's other sessions", async () => {
      const user = await createTestUser(server);
      const other = tokensOf(await signInWithPassword(server, user.email, user.password));
      const newPassword = "a much better passphrase";

      const result = await callFnResult(
        server,
        api.users.changePassword,
        { currentPassword: user.password, newPassword },
        user.token,
      );
      expect(result.httpStatus).toBe(200);
      expect(result.body).toEqual({ status: "success", value: null, logLines: [] });

      const oldSignIn = await signInWithPassword(server, user.email, user.password);
      expect(oldSignIn.body.errorData?.code).toBe("INVALID_CREDENTIALS");
      const newSignIn = await signInWithPassword(server, user.email, newPassword);
      expect(newSignIn.body.status).toBe("success");

      // The session that made the change goes on, access and refresh alike.
      expect((await callFnResult(server, api.users.getMe, {}, user.token)).body.status).toBe(
        "success",
      );
      const refreshed = await callFnResult(server, api.auth.signIn, {
        refreshToken: user.refreshToken,
      });
      expect(refreshed.body.status).toBe("success");

      // The other session ended: its access token and its refresh token no longer work.
      const otherMe = await callFnResult(server, api.users.getMe, {}, other.token);
      expect(otherMe.httpStatus).toBe(560);
      expect(otherMe.body).toMatchObject({
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED" },
      });
      const otherRefresh = await callFnResult(server, api.auth.signIn, {
        refreshToken: other.refreshToken,
      });
      expect(otherRefresh.body.errorData?.code).toBe("UNAUTHENTICATED");
    });
  });

  describe("setup.status and health", () => {
    it("reports that no setup is needed once users exist", async () => {
      await createTestUser(server);
      const result = await callFnResult(server, api.setup.status, {});
      expect(result.httpStatus).toBe(200);
      expect(result.body).toEqual({
        status: "success",
        value: { needsSetup: false },
        logLines: [],
      });
    });

    it("answers GET /api/health with the database kind, uncached, with security headers", async () => {
      const response = await rawRequest(server, "/api/health");
      expect(response.httpStatus).toBe(200);
      expect(response.json).toEqual({ status: "ok", database: kind });
      expect(response.headers.get("cache-control")).toBe("no-store");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    });
  });

  describe("each 560 error kind", () => {
    it("UNKNOWN_FUNCTION for a path nobody registered", async () => {
      // Raw: no contract names this path.
      const result = await server.call("query", "users.doesNotExist", {});
      expect(result.httpStatus).toBe(560);
      expect(result.body).toEqual({
        status: "error",
        errorMessage: "Could not find public query function 'users.doesNotExist'.",
        errorData: { code: "UNKNOWN_FUNCTION", path: "users.doesNotExist" },
        logLines: [],
      });
    });

    it("UNKNOWN_FUNCTION for a mutation posted to /api/query (and a query to /api/mutation)", async () => {
      const user = await createTestUser(server, { firstName: "Same" });
      // Raw: each contract's path posted as the other kind, on purpose.
      const asQuery = await server.call(
        "query",
        api.users.updateProfile.path,
        { firstName: "Changed", lastName: "Name" },
        user.token,
      );
      expect(asQuery.httpStatus).toBe(560);
      expect(asQuery.body).toEqual({
        status: "error",
        errorMessage: "Could not find public query function 'users.updateProfile'.",
        errorData: { code: "UNKNOWN_FUNCTION", path: "users.updateProfile" },
        logLines: [],
      });
      const asMutation = await server.call("mutation", api.users.getMe.path, {}, user.token);
      expect(asMutation.body.errorData?.code).toBe("UNKNOWN_FUNCTION");
      const me = await callFn(server, api.users.getMe, {}, user.token);
      expect(me).toMatchObject({ firstName: "Same" });
    });

    it("INVALID_ARGS with the issues", async () => {
      const user = await createTestUser(server);
      // Raw: wrong types on purpose.
      const result = await callFnRaw(
        server,
        api.users.updateProfile,
        { firstName: 42 },
        user.token,
      );
      expect(result.httpStatus).toBe(560);
      expect(result.body).toEqual({
        status: "error",
        errorMessage: expect.stringMatching(
          /^Invalid arguments for users\.updateProfile: firstName: .+; lastName: .+$/,
        ),
        errorData: {
          code: "INVALID_ARGS",
          issues: [
            { path: "firstName", message: expect.stringContaining("expected string") },
            { path: "lastName", message: expect.stringContaining("expected string") },
          ],
        },
        logLines: [],
      });
    });

    it("UNAUTHENTICATED 'Authentication required' without a token", async () => {
      for (const call of [
        () => callFnResult(server, api.users.getMe, {}),
        () => callFnResult(server, api.users.updateProfile, { firstName: "A", lastName: "B" }),
        () =>
          callFnResult(server, api.users.changePassword, {
            currentPassword: "x",
            newPassword: "12345678",
          }),
        () => callFnResult(server, api.auth.signOut, {}),
      ]) {
        const result = await call();
        expect(result.httpStatus).toBe(560);
        expect(result.body).toEqual({
          status: "error",
          errorMessage: "Authentication required",
          errorData: { code: "UNAUTHENTICATED" },
          logLines: [],
        });
      }
    });

    it("FORBIDDEN for a disabled user signing in", async () => {
      const user = await createTestUser(server);
      await server.running.services.database.db
        .update(users)
        .set({ disabled: true })
        .where(eq(users.id, user.userId));
      const result = await signInWithPassword(server, user.email, user.password);
      expect(result.httpStatus).toBe(560);
      expect(result.body).toEqual({
        status: "error",
        errorMessage: "This account is disabled. Contact your administrator.",
        errorData: { code: "FORBIDDEN" },
        logLines: [],
      });
    });

    it("CONFLICT for setup.complete once the workspace has users", async () => {
      await createTestUser(server);
      const result = await callFnResult(server, api.setup.complete, {
        token: "whatever-the-link-said",
        organizationName: "Second Org",
        firstName: "Eve",
        lastName: "Late",
        email: `${unique("eve")}@example.test`,
        password: "long enough password",
      });
      expect(result.httpStatus).toBe(560);
      expect(result.body).toEqual({
        status: "error",
        errorMessage: "This workspace is already set up. Sign in instead.",
        errorData: { code: "CONFLICT" },
        logLines: [],
      });
    });

    it("404 JSON for an unknown /api/ route, whatever the method", async () => {
      const get = await rawRequest(server, "/api/no-such-route");
      expect(get.httpStatus).toBe(404);
      expect(get.headers.get("content-type")).toContain("application/json");
      expect(get.json).toEqual({
        status: "error",
        errorMessage: "No API route GET /api/no-such-route.",
        errorData: { code: "NOT_FOUND" },
        logLines: [],
      });
      const getQuery = await rawRequest(server, "/api/query");
      expect(getQuery.httpStatus).toBe(404);
      expect(getQuery.json).toMatchObject({ errorData: { code: "NOT_FOUND" } });
      const post = await rawRequest(server, "/api/users/getMe", { method: "POST", body: "{}" });
      expect(post.httpStatus).toBe(404);
      expect(post.json).toMatchObject({
        errorMessage: "No API route POST /api/users/getMe.",
        errorData: { code: "NOT_FOUND" },
      });
    });
  });
});
