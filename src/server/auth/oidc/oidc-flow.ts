import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import * as client from "openid-client";
import type { SignInResult } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx, Services } from "../../api/context.ts";
import { oidcLogins } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { writeAudit } from "../audit.ts";
import type { RequestInfo } from "../identity.ts";
import { tooManyAttempts } from "../password-attempts.ts";
import { takeRateLimitSlots } from "../rate-limit.ts";
import { randomToken, sameSecret, sha256, signInSecrets } from "../server-secrets.ts";
import { finishSignIn } from "../sign-in-gate.ts";
import { oidcClients, providerUnavailable } from "./oidc-clients.ts";
import type { OidcProviderConfig } from "./oidc-config.ts";
import { resolveSsoAccount, type SsoClaims } from "./sso-accounts.ts";

/**
 * Single sign-on with OpenID Connect's authorization code flow, PKCE (S256), state and
 * nonce, through openid-client (decision 030). Three steps, each usable once:
 *
 * 1. `auth.signIn {provider, params}`: a pending login keyed by the state's hash holds
 *    the nonce, the PKCE verifier (encrypted) and the hash of a client verifier; the
 *    answer is `{redirect, verifier}` (SPEC 4, 7) and the client keeps the verifier.
 * 2. GET /api/auth/callback/{provider}: the state is spent, the code exchanged with the
 *    provider and the ID token checked (signature, issuer, audience, expiry, nonce); the
 *    browser goes back to /login with a short-lived one-time `code` of ours.
 * 3. `auth.signIn {provider, params: {code}, verifier}`: the code is spent, the verifier
 *    must match the one bound in step 1, the account is found or created, and a
 *    session starts.
 */

/** From step 1 to the callback. */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;
/** From the callback to the client's exchange of our code. */
export const OIDC_CODE_TTL_MS = 2 * 60 * 1000;
export const CALLBACK_PATH = "/api/auth/callback";

/** Where the app lives for this request: PUBLIC_URL, else the address it was reached at. */
function appOrigin(services: Services, request: RequestInfo): string {
  const { config } = services;
  return config.publicUrlConfigured || !request.origin ? config.publicUrl : request.origin;
}

/** Single sign-on starts one network address may make in 15 minutes (each writes a row). */
export const STARTS_PER_ADDRESS = 60;

export async function startOidcSignIn(
  ctx: FunctionCtx,
  providerId: string,
  redirectTo: string | undefined,
): Promise<SignInResult> {
  const clients = oidcClients(ctx.services.config);
  const provider = clients.provider(providerId);
  const key = `sso:start:address:${ctx.request.ip ?? "unknown"}`;
  const started = (await takeRateLimitSlots(ctx.services.database.db, [key], 15 * 60)).get(key)!;
  if (started.count > STARTS_PER_ADDRESS) {
    throw tooManyAttempts("Too many sign-in attempts.", started.retryAfterSeconds);
  }
  const configuration = await clients.configuration(provider);
  const secrets = await signInSecrets(ctx.services.database.db);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const pkceVerifier = client.randomPKCECodeVerifier();
  const verifier = randomToken();
  const redirectUri = `${appOrigin(ctx.services, ctx.request)}${CALLBACK_PATH}/${provider.id}`;
  const db = ctx.services.database.db;
  // Pending logins nobody finished go on the way.
  await db.delete(oidcLogins).where(lt(oidcLogins.createdAt, new Date(Date.now() - 86_400_000)));
  await db.insert(oidcLogins).values({
    id: newId(),
    provider: provider.id,
    stateHash: sha256(state),
    nonce,
    pkceVerifier: secrets.encrypt(pkceVerifier),
    clientVerifierHash: sha256(verifier),
    redirectUri,
    redirectTo: redirectTo && isAppPath(redirectTo) ? redirectTo : null,
    expiresAt: new Date(Date.now() + OIDC_LOGIN_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(pkceVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  await writeAudit(db, {
    action: "auth.sso_started",
    metadata: { provider: provider.id },
    request: ctx.request,
  });
  return { redirect: url.href, verifier };
}

/** A path inside the app (never another site): one "/", no "//" or "/\", no control characters. */
export function isAppPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && ![...value].some((c) => (c.codePointAt(0) ?? 0) < 0x20);
}

export type CallbackFailure = "state" | "denied" | "unavailable" | "invalid";

/**
 * Step 2: the provider sent the browser back. Answers where to send it next:
 * /login?code=… on success, /login?error=sso_<reason> otherwise (nothing is created).
 */
export async function finishOidcCallback(
  services: Services,
  providerId: string,
  url: URL,
  request: RequestInfo,
): Promise<string> {
  const db = services.database.db;
  const fallbackOrigin = appOrigin(services, request);
  const fail = async (reason: CallbackFailure, origin: string, detail?: unknown) => {
    await writeAudit(db, {
      action: "auth.sso_failed",
      metadata: {
        provider: providerId.slice(0, 40),
        reason,
        ...(detail ? { detail: String(detail).slice(0, 300) } : {}),
      },
      request,
    });
    return `${origin}/login?error=sso_${reason}`;
  };
  const clients = oidcClients(services.config);
  const provider = clients.list.find((p) => p.id === providerId);
  const state = url.searchParams.get("state");
  if (!provider || !state || state.length > 512) return fail("state", fallbackOrigin);

  const [login] = await db
    .update(oidcLogins)
    .set({ stateUsedAt: new Date() })
    .where(
      and(
        eq(oidcLogins.stateHash, sha256(state)),
        eq(oidcLogins.provider, provider.id),
        isNull(oidcLogins.stateUsedAt),
        gt(oidcLogins.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!login) return fail("state", fallbackOrigin);
  const origin = new URL(login.redirectUri).origin;
  if (url.searchParams.has("error")) {
    return fail("denied", origin, url.searchParams.get("error"));
  }

  let claims: SsoClaims;
  try {
    claims = await exchangeWithProvider(services, provider, login, url);
  } catch (error) {
    const unavailable = error instanceof AppError && error.code === "SERVICE_UNAVAILABLE";
    services.log.warn({ err: error, provider: provider.id }, "single sign-on callback failed");
    return fail(unavailable ? "unavailable" : "invalid", origin, (error as Error).message);
  }
  const code = randomToken();
  await db
    .update(oidcLogins)
    .set({
      claims: { ...claims },
      codeHash: sha256(code),
      codeExpiresAt: new Date(Date.now() + OIDC_CODE_TTL_MS),
    })
    .where(eq(oidcLogins.id, login.id));
  return `${origin}/login?code=${encodeURIComponent(code)}`;
}

async function exchangeWithProvider(
  services: Services,
  provider: OidcProviderConfig,
  login: typeof oidcLogins.$inferSelect,
  url: URL,
): Promise<SsoClaims> {
  const configuration = await oidcClients(services.config).configuration(provider);
  const secrets = await signInSecrets(services.database.db);
  // The address the provider sent the browser to, as openid-client reads it.
  const current = new URL(login.redirectUri);
  current.search = url.search;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(
      configuration,
      current,
      {
        pkceCodeVerifier: secrets.decrypt(login.pkceVerifier),
        expectedState: url.searchParams.get("state") ?? "",
        expectedNonce: login.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: login.redirectUri },
    );
  } catch (error) {
    if (isNetworkFailure(error)) throw providerUnavailable(provider, error);
    throw error;
  }
  const idToken = tokens.claims();
  if (!idToken) throw new Error("The provider sent no ID token.");
  // Some providers (Okta, oidc-provider) put the email in the userinfo answer only.
  let claims: Record<string, unknown> = { ...idToken };
  if (typeof idToken.email !== "string" && tokens.access_token) {
    try {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken, email: info.email, email_verified: info.email_verified };
    } catch (error) {
      if (isNetworkFailure(error)) throw providerUnavailable(provider, error);
      throw error;
    }
  }
  const text = (key: string) => {
    const value = claims[key];
    return typeof value === "string" ? value.slice(0, 300) : undefined;
  };
  return {
    sub: idToken.sub,
    email: text("email") ?? text("preferred_username"),
    // Entra ID does not send email_verified; its optional claim xms_edov says the
    // address's domain is verified by the tenant (docs/operations.md).
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    givenName: text("given_name"),
    familyName: text("family_name"),
    name: text("name"),
  };
}

function isNetworkFailure(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (/fetch failed|ECONNREFUSED|ECONNRESET|timed? ?out|aborted|terminated/i.test(e.message)) {
      return true;
    }
    if (e.name === "TimeoutError" || e.name === "AbortError") return true;
  }
  return false;
}

const CODE_REFUSED =
  "This sign-in link has expired or was already used. Sign in again to get a new one.";

/**
 * Step 3: spend our one-time code with the client's verifier. Undefined when the code
 * is not single sign-on's (an emailed link's, perhaps).
 */
export async function exchangeOidcCode(
  ctx: FunctionCtx,
  code: string,
  verifier: string | undefined,
  providerId: string | undefined,
): Promise<SignInResult | undefined> {
  const db = ctx.services.database.db;
  const [found] = await db
    .select({ id: oidcLogins.id })
    .from(oidcLogins)
    .where(eq(oidcLogins.codeHash, sha256(code)));
  if (!found) return undefined;
  const [login] = await db
    .update(oidcLogins)
    .set({ codeUsedAt: new Date() })
    .where(
      and(
        eq(oidcLogins.id, found.id),
        isNull(oidcLogins.codeUsedAt),
        gt(oidcLogins.codeExpiresAt, sql`now()`),
      ),
    )
    .returning();
  const refuse = async (reason: string, extra: Record<string, unknown> = {}) => {
    await writeAudit(db, {
      action: "auth.sso_failed",
      metadata: { reason, ...extra },
      request: ctx.request,
    });
    return new AppError("UNAUTHENTICATED", CODE_REFUSED, { reason: `sso_${reason}` });
  };
  if (!login) throw await refuse("code_reused");
  if (
    !verifier ||
    !sameSecret(sha256(verifier), login.clientVerifierHash) ||
    (providerId !== undefined && providerId !== login.provider)
  ) {
    throw await refuse("verifier", { provider: login.provider });
  }
  const provider = oidcClients(ctx.services.config).provider(login.provider);
  const claims = login.claims as unknown as SsoClaims;
  const user = await resolveSsoAccount(ctx, provider, claims);
  const result = await finishSignIn(ctx.services, user, "oidc", ctx.request, {
    metadata: { provider: provider.id },
  });
  return "tokens" in result && login.redirectTo
    ? { ...result, redirectTo: login.redirectTo }
    : result;
}
