import { createServer } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { auditLog, invitations, oidcLogins, users } from "../../src/server/db/schema.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  type LoopbackOidcProvider,
  loginAtProvider,
  startOidcProvider,
} from "../support/oidc-provider.ts";
import {
  createTestUser,
  DB_KINDS,
  signInWithPassword,
  startTestServer,
  type TestServer,
  unique,
} from "../support/server.ts";

/**
 * Single sign-on against real OpenID Connect providers (oidc-provider, certified) on
 * loopback, two of them configured at once, plus one that is down: the code flow with
 * PKCE through the provider's own login pages, wrong state, replayed codes, a nonce that
 * does not match, an unverified email, a domain no organization allows, an invitation,
 * and the refusals that create nothing (decision 030).
 */

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(DB_KINDS)("single sign-on (%s)", (kind) => {
  let server: TestServer;
  let acme: LoopbackOidcProvider;
  let globex: LoopbackOidcProvider;

  beforeAll(async () => {
    acme = await startOidcProvider({ clientId: "atrium-acme" });
    globex = await startOidcProvider({ clientId: "atrium-globex" });
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      OIDC_PROVIDERS: "acme,globex,downco",
      OIDC_ACME_ISSUER: acme.issuer,
      OIDC_ACME_CLIENT_ID: acme.clientId,
      OIDC_ACME_CLIENT_SECRET: acme.clientSecret,
      OIDC_ACME_NAME: "Acme ID",
      OIDC_GLOBEX_ISSUER: globex.issuer,
      OIDC_GLOBEX_CLIENT_ID: globex.clientId,
      OIDC_GLOBEX_CLIENT_SECRET: globex.clientSecret,
      OIDC_GLOBEX_NAME: "Globex",
      OIDC_DOWNCO_ISSUER: `http://127.0.0.1:${await closedPort()}`,
      OIDC_DOWNCO_CLIENT_ID: "x",
      OIDC_DOWNCO_CLIENT_SECRET: "y",
    });
    acme.register(`${server.url}/api/auth/callback/acme`);
    globex.register(`${server.url}/api/auth/callback/globex`);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await acme?.close();
    await globex?.close();
  });

  const db = () => server.running.services.database.db;
  const callbackPrefix = () => `${server.url}/api/auth/callback/`;
  const userByEmail = async (email: string) =>
    (await db().select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

  /** Start, log in at the provider, follow its redirect to our callback: where the browser lands. */
  async function throughProvider(provider: string, login: string, redirectTo?: string) {
    const started = await callFn(server, api.auth.signIn, {
      provider,
      params: redirectTo ? { redirectTo } : {},
    });
    if (!("redirect" in started)) throw new Error("expected a redirect");
    const callback = await loginAtProvider(started.redirect, login, callbackPrefix());
    const response = await fetch(callback, { redirect: "manual" });
    expect(response.status).toBe(302);
    const landing = new URL(response.headers.get("location")!);
    return { started, callback, landing, code: landing.searchParams.get("code") };
  }

  async function domainAllowedFor(domain: string) {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    await callFn(
      server,
      api.signInPolicy.update,
      { allowedDomains: [domain], defaultRole: "Member" },
      admin.token,
    );
    return admin;
  }

  it("lists the configured providers for /login", async () => {
    const options = await callFn(server, api.auth.signInOptions, {});
    expect(options.providers).toEqual([
      { id: "acme", name: "Acme ID" },
      { id: "globex", name: "Globex" },
      { id: "downco", name: "downco" },
    ]);
    expect(options.emailCodes).toBe(false);
  });

  it("signs a new person in through the code flow with PKCE, state and nonce; the code works once", async () => {
    const domain = `${unique("acme")}.test`;
    const admin = await domainAllowedFor(domain);
    const email = `ada@${domain}`;
    const { started, landing, code, callback } = await throughProvider(
      "acme",
      email,
      "/dossier?x=1",
    );
    const authorization = new URL(started.redirect);
    expect(authorization.origin).toBe(acme.issuer);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get("state")).toBeTruthy();
    expect(authorization.searchParams.get("nonce")).toBeTruthy();
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${callbackPrefix()}acme`);
    expect(started.verifier).toMatch(/^[\w-]{43}$/);
    expect(landing.origin + landing.pathname).toBe(`${server.url}/login`);
    expect(code).toMatch(/^[\w-]{43}$/);

    const result = await callFn(server, api.auth.signIn, {
      provider: "acme",
      params: { code: code! },
      verifier: started.verifier,
    });
    const tokens = tokensIn(result);
    expect("redirectTo" in result && result.redirectTo).toBe("/dossier?x=1");
    const me = await callFn(server, api.users.getMe, {}, tokens.token);
    expect(me.email).toBe(email);
    const created = await userByEmail(email);
    expect(created).toMatchObject({
      organizationId: admin.organizationId,
      role: "Member",
      passwordHash: null,
      firstName: "Ada",
    });

    // The same code again: refused; the provider's callback again: its state is spent.
    const again = await callFnError(server, api.auth.signIn, {
      provider: "acme",
      params: { code: code! },
      verifier: started.verifier,
    });
    expectError(again, "UNAUTHENTICATED", /expired or was already used/);
    const replayed = await fetch(callback, { redirect: "manual" });
    expect(new URL(replayed.headers.get("location")!).searchParams.get("error")).toBe("sso_state");

    const actions = (
      await db().select().from(auditLog).where(eq(auditLog.actorUserId, created!.id))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.sso_account_created", "auth.sign_in"]));
  }, 60_000);

  it("signs an existing account in with the second provider, by its verified email", async () => {
    const user = await createTestUser(server);
    const { started, code } = await throughProvider("globex", user.email.toUpperCase());
    const tokens = tokensIn(
      await callFn(server, api.auth.signIn, {
        provider: "globex",
        params: { code: code! },
        verifier: started.verifier,
      }),
    );
    expect((await callFn(server, api.users.getMe, {}, tokens.token))._id).toBe(user.userId);
  }, 60_000);

  it("refuses a code sent with another verifier, or for another provider", async () => {
    const user = await createTestUser(server);
    const first = await throughProvider("acme", user.email);
    const wrong = await callFnError(server, api.auth.signIn, {
      provider: "acme",
      params: { code: first.code! },
      verifier: "not-the-verifier",
    });
    expectError(wrong, "UNAUTHENTICATED");
    const second = await throughProvider("acme", user.email);
    const otherProvider = await callFnError(server, api.auth.signIn, {
      provider: "globex",
      params: { code: second.code! },
      verifier: second.started.verifier,
    });
    expectError(otherProvider, "UNAUTHENTICATED");
  }, 60_000);

  it("sends a callback with a wrong state back to /login with an error, creating nothing", async () => {
    const before = (await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const started = await callFn(server, api.auth.signIn, { provider: "acme", params: {} });
    if (!("redirect" in started)) throw new Error("expected a redirect");
    const callback = new URL(
      await loginAtProvider(started.redirect, `x@${unique("d")}.test`, callbackPrefix()),
    );
    callback.searchParams.set("state", "a-state-we-never-issued");
    const response = await fetch(callback, { redirect: "manual" });
    const landing = new URL(response.headers.get("location")!);
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBe("sso_state");
    expect(landing.searchParams.has("code")).toBe(false);
    const after = (await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    expect(after).toBe(before);
  }, 60_000);

  it("refuses an ID token whose nonce does not match the one sent", async () => {
    const domain = `${unique("nonce")}.test`;
    await domainAllowedFor(domain);
    const started = await callFn(server, api.auth.signIn, { provider: "acme", params: {} });
    if (!("redirect" in started)) throw new Error("expected a redirect");
    const state = new URL(started.redirect).searchParams.get("state")!;
    const { sha256 } = await import("../../src/server/auth/server-secrets.ts");
    await db()
      .update(oidcLogins)
      .set({ nonce: "another-nonce" })
      .where(eq(oidcLogins.stateHash, sha256(state)));
    const callback = await loginAtProvider(started.redirect, `eve@${domain}`, callbackPrefix());
    const response = await fetch(callback, { redirect: "manual" });
    const landing = new URL(response.headers.get("location")!);
    expect(landing.searchParams.get("error")).toBe("sso_invalid");
    expect(await userByEmail(`eve@${domain}`)).toBeUndefined();
  }, 60_000);

  it("refuses an email the provider has not verified, creating nothing", async () => {
    const domain = `${unique("unv")}.test`;
    await domainAllowedFor(domain);
    const email = `unverified-bob@${domain}`;
    const { started, code } = await throughProvider("acme", email);
    const refused = await callFnError(server, api.auth.signIn, {
      params: { code: code! },
      verifier: started.verifier,
    });
    expectError(refused, "FORBIDDEN", /has not verified your email address/);
    expect(refused.data.reason).toBe("sso_email_unverified");
    expect(await userByEmail(email)).toBeUndefined();
  }, 60_000);

  it("refuses a person whose domain no organization allows, with the reason", async () => {
    const email = `mallory@${unique("nowhere")}.test`;
    const { started, code } = await throughProvider("globex", email);
    const refused = await callFnError(server, api.auth.signIn, {
      provider: "globex",
      params: { code: code! },
      verifier: started.verifier,
    });
    expectError(refused, "FORBIDDEN", /no organization has allowed sign-in for/);
    expect(refused.data.reason).toBe("sso_not_allowed");
    expect(await userByEmail(email)).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "auth.sso_refused"),
          sql`${auditLog.metadata}->>'email' = ${email}`,
        ),
      );
    expect(audit?.metadata).toMatchObject({ provider: "globex", reason: "not_allowed" });
  }, 60_000);

  it("creates an invited person in the inviting organization with the invited role", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const email = `guest@${unique("elsewhere")}.test`;
    const [invited] = await callFn(
      server,
      api.invitations.create,
      { emails: [email], role: "OrganizationAdmin" },
      admin.token,
    );
    const { started, code } = await throughProvider("acme", email);
    tokensIn(
      await callFn(server, api.auth.signIn, {
        provider: "acme",
        params: { code: code! },
        verifier: started.verifier,
      }),
    );
    const created = await userByEmail(email);
    expect(created).toMatchObject({
      organizationId: admin.organizationId,
      role: "OrganizationAdmin",
    });
    const [invitation] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.id, invited!.invitationId!));
    expect(invitation?.acceptedBy).toBe(created!.id);
  }, 60_000);

  it("says clearly when a provider is down, and creates nothing", async () => {
    const refused = await callFnError(server, api.auth.signIn, { provider: "downco", params: {} });
    expectError(refused, "SERVICE_UNAVAILABLE", /downco could not be reached/);
    const pending = await db().select().from(oidcLogins).where(eq(oidcLogins.provider, "downco"));
    expect(pending).toEqual([]);
    const unknown = await callFnError(server, api.auth.signIn, { provider: "nope", params: {} });
    expectError(unknown, "BAD_REQUEST", /not configured/);
  }, 60_000);

  it("keeps the landing page inside the app", async () => {
    const user = await createTestUser(server);
    const { started, code } = await throughProvider("acme", user.email, "//evil.example/");
    const result = await callFn(server, api.auth.signIn, {
      params: { code: code! },
      verifier: started.verifier,
    });
    expect("redirectTo" in result).toBe(false);
    tokensIn(result);
  }, 60_000);

  it("refuses passwords for members of an organization that requires single sign-on", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    await callFn(server, api.signInPolicy.update, { requireSso: true }, admin.token);
    const refused = await signInWithPassword(server, member.email, member.password);
    expect(refused.body.errorData).toMatchObject({ code: "FORBIDDEN", reason: "sso_required" });
    const { started, code } = await throughProvider("acme", member.email);
    tokensIn(
      await callFn(server, api.auth.signIn, {
        params: { code: code! },
        verifier: started.verifier,
      }),
    );
    const memberRefusal = await callFnError(
      server,
      api.signInPolicy.update,
      { requireSso: false },
      member.token,
    );
    expectError(memberRefusal, "FORBIDDEN");
  }, 60_000);
});
