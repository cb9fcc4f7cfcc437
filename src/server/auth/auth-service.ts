import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tokens } from "#shared/api/auth.ts";
import { AppError, unauthenticated } from "#shared/errors.ts";
import type { Config } from "../config.ts";
import type { Database, Executor } from "../db/database.ts";
import { organizations, refreshTokens, sessions, users } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { Logger } from "../logger.ts";
import { writeAudit } from "./audit.ts";
import type { Identity, RequestInfo } from "./identity.ts";
import { IdentityCache } from "./identity-cache.ts";
import { accountOf, takePasswordAttempt, tooManyAttempts } from "./password-attempts.ts";
import { verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import type { SigningKey } from "./signing-key.ts";
import {
  type AccessClaims,
  hashRefreshToken,
  newRefreshToken,
  signAccessToken,
  verifyAccessToken,
} from "./tokens.ts";
import { VerifiedTokens } from "./verified-tokens.ts";

const INVALID_CREDENTIALS = "Invalid email or password.";
const SESSION_ENDED = "Your session has ended. Please sign in again.";
/** How many verified access tokens are remembered (AuthService.verifyToken). */
const VERIFIED_TOKENS_MAX = 10_000;
/** users.last_active_at moves on a refresh only when older than this. */
const LAST_ACTIVE_THROTTLE_MINUTES = 5;

export class AuthService {
  readonly #database: Database;
  readonly #config: Config;
  readonly #key: SigningKey;
  readonly #log: Logger;

  constructor(options: { database: Database; config: Config; key: SigningKey; log: Logger }) {
    this.#database = options.database;
    this.#config = options.config;
    this.#key = options.key;
    this.#log = options.log;
  }

  get #db() {
    return this.#database.db;
  }

  /**
   * Access tokens whose signature was already checked, by their exact text, so a client's every
   * request does not pay the ES256 verification again (0.3-0.6 ms of CPU). Least recently used
   * out past VERIFIED_TOKENS_MAX; an entry ends with its token's `exp` (verified-tokens.ts). The
   * session and user are still checked on every request (checkIdentity), so a revocation takes
   * effect at once.
   */
  readonly #verified = new VerifiedTokens({ max: VERIFIED_TOKENS_MAX });

  /**
   * A token's claims, verified once per process: a known token's come back without a promise
   * (a hit costs a map lookup; callers await either). Throws UNAUTHENTICATED when the token is
   * malformed, badly signed or expired.
   */
  verifyToken(token: string): AccessClaims | Promise<AccessClaims> {
    return this.#verified.get(token) ?? this.#verifyNew(token);
  }

  async #verifyNew(token: string): Promise<AccessClaims> {
    const claims = await verifyAccessToken(this.#key, token, this.#config.publicUrl);
    this.#verified.set(token, claims);
    return claims;
  }

  /**
   * Checked callers by session, kept until the change feed says their session, user or
   * organization changed (identity-cache.ts, decision 032). main.ts attaches it to the feed.
   */
  readonly identities = new IdentityCache();

  /** The caller behind an access token, checked against the live session and user. */
  async identify(token: string): Promise<Identity & { expiresAt: number }> {
    const claims = await this.verifyToken(token);
    const identity = await this.checkIdentity(claims.userId, claims.sessionId);
    return { ...identity, expiresAt: claims.expiresAt };
  }

  /**
   * The caller of a live session: from the identity cache when this instance checked it since
   * its last change, else from the database (loadIdentity). Throws UNAUTHENTICATED like it.
   */
  checkIdentity(userId: string, sessionId: string): Promise<Identity> | Identity {
    return this.identities.identity(sessionId, userId) ?? this.loadIdentity(userId, sessionId);
  }

  /**
   * Read from the database, never the cache. Throws UNAUTHENTICATED when the session was revoked
   * or expired or the user disabled; a live one is remembered in the identity cache.
   */
  async loadIdentity(userId: string, sessionId: string): Promise<Identity> {
    const ticket = this.identities.ticket();
    const rows = await this.#db
      .select(sessionIdentityColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    const identity = checkSessionIdentity(rows[0], sessionId);
    this.identities.storeIdentity(ticket, identity, rows[0]!.expiresAt.getTime());
    return identity;
  }

  /**
   * The caller as a user, whichever of their sessions asks: for live queries,
   * whose sockets check their own session. Throws when the user is disabled.
   */
  async loadUserIdentity(userId: string, sessionId: string): Promise<Identity> {
    const rows = await this.#db
      .select({
        organizationId: users.organizationId,
        role: users.role,
        isSuperadmin: users.isSuperadmin,
        disabled: users.disabled,
      })
      .from(users)
      .where(eq(users.id, userId));
    const row = rows[0];
    if (!row) throw unauthenticated("user_not_found");
    if (row.disabled) throw unauthenticated("user_disabled");
    return {
      userId,
      sessionId,
      organizationId: row.organizationId,
      role: row.role,
      isSuperadmin: row.isSuperadmin,
    };
  }

  /**
   * Check an email and password (rate limited, auth/password-attempts.ts): the user when
   * they are right and the account may sign in. What follows (single sign-on required,
   * the second factor, the session) is auth/sign-in-gate.ts's finishSignIn.
   */
  async signInWithPassword(
    email: string,
    password: string,
    request: RequestInfo,
  ): Promise<typeof users.$inferSelect> {
    const account = accountOf(email);
    const user = (
      await this.#db.select().from(users).where(sql`lower(${users.email}) = ${account}`)
    )[0];
    // The attempt's slots are taken before the password is checked (auth/password-attempts.ts).
    const attempt = await takePasswordAttempt(this.#db, {
      account,
      userId: user?.id,
      ip: request.ip,
    });
    if (attempt.refusedForSeconds !== undefined) {
      await writeAudit(this.#db, {
        action: "auth.sign_in_rate_limited",
        organizationId: user?.organizationId,
        actorUserId: user?.id,
        metadata: { email: account },
        request,
      });
      throw tooManyAttempts("Too many sign-in attempts.", attempt.refusedForSeconds);
    }

    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
    if (!user || !valid) {
      await writeAudit(this.#db, {
        action: "auth.sign_in_failed",
        organizationId: user?.organizationId,
        actorUserId: user?.id,
        metadata: { email: account },
        request,
      });
      throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    if (user.disabled) {
      await writeAudit(this.#db, {
        action: "auth.sign_in_disabled",
        organizationId: user.organizationId,
        actorUserId: user.id,
        request,
      });
      throw new AppError("FORBIDDEN", "This account is disabled. Contact your administrator.");
    }
    return user;
  }

  /** Start a session for a user already authenticated by the caller. */
  async createSession(
    db: Executor,
    user: { id: string; organizationId: string | null; isSuperadmin?: boolean },
    request: RequestInfo,
  ): Promise<Tokens> {
    // Read under a share lock: a suspension (admin.organizations.suspend updates the row)
    // waits for this session to commit and then ends it, or this waits and sees it.
    const suspended = await suspendedOrganizationOf(db, user, { lock: true });
    if (suspended) throw organizationSuspended(suspended);
    const sessionId = newId();
    const expiresAt = new Date(Date.now() + this.#config.sessionTtlDays * 86_400_000);
    await db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      organizationId: user.organizationId,
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 500) ?? null,
      expiresAt,
    });
    await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, user.id));
    const refreshToken = newRefreshToken();
    await db
      .insert(refreshTokens)
      .values({ id: newId(), sessionId, tokenHash: hashRefreshToken(refreshToken) });
    const token = await signAccessToken(
      this.#key,
      { userId: user.id, sessionId },
      this.#config.accessTokenTtlSeconds,
      this.#config.publicUrl,
    );
    return { token, refreshToken };
  }

  /**
   * Rotate a refresh token. A token that was already rotated is a sign of
   * theft: the whole session is revoked.
   */
  async refresh(refreshToken: string, request: RequestInfo): Promise<Tokens> {
    const tokenHash = hashRefreshToken(refreshToken);
    const outcome = await this.#db.transaction(async (tx) => {
      const found = (
        await tx
          .select({
            id: refreshTokens.id,
            sessionId: refreshTokens.sessionId,
            usedAt: refreshTokens.usedAt,
          })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
      )[0];
      if (!found) return { kind: "unknown" as const };
      const claimed = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, found.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      const session = (await tx.select().from(sessions).where(eq(sessions.id, found.sessionId)))[0];
      if (claimed.length === 0) {
        await this.#revokeSession(tx, found.sessionId, "refresh_token_reuse");
        await writeAudit(tx, {
          action: "auth.refresh_token_reuse",
          organizationId: session?.organizationId,
          actorUserId: session?.userId,
          targetType: "session",
          targetId: found.sessionId,
          request,
        });
        return { kind: "reused" as const };
      }
      const user =
        session && (await tx.select().from(users).where(eq(users.id, session.userId)))[0];
      const ended = !session
        ? "session_not_found"
        : !user
          ? "user_not_found"
          : session.revokedAt
            ? "session_revoked"
            : session.expiresAt.getTime() <= Date.now()
              ? "session_expired"
              : user.disabled
                ? "user_disabled"
                : null;
      if (ended || !session || !user) {
        // A session that cannot go on is refused, and said so in the log (decision 024).
        await writeAudit(tx, {
          action: "auth.refresh_refused",
          organizationId: session?.organizationId,
          actorUserId: session?.userId,
          targetType: "session",
          targetId: found.sessionId,
          metadata: { reason: ended },
          request,
        });
        return { kind: "ended" as const };
      }
      const next = newRefreshToken();
      await tx
        .insert(refreshTokens)
        .values({ id: newId(), sessionId: session.id, tokenHash: hashRefreshToken(next) });
      await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, session.id));
      // Last active for /admin/users (decision 025), written at most once per few minutes.
      await tx
        .update(users)
        .set({ lastActiveAt: new Date() })
        .where(
          and(
            eq(users.id, user.id),
            sql`(${users.lastActiveAt} is null or ${users.lastActiveAt} < now() - interval '${sql.raw(String(LAST_ACTIVE_THROTTLE_MINUTES))} minutes')`,
          ),
        );
      const token = await signAccessToken(
        this.#key,
        { userId: user.id, sessionId: session.id },
        this.#config.accessTokenTtlSeconds,
        this.#config.publicUrl,
      );
      return { kind: "ok" as const, tokens: { token, refreshToken: next } };
    });
    if (outcome.kind === "ok") return outcome.tokens;
    if (outcome.kind === "reused") this.#log.warn("refresh token reuse detected; session revoked");
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED, { reason: `refresh_${outcome.kind}` });
  }

  async signOut(identity: Identity, request: RequestInfo): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await this.#revokeSession(tx, identity.sessionId, "sign_out");
      await writeAudit(tx, {
        action: "auth.sign_out",
        organizationId: identity.organizationId,
        actorUserId: identity.userId,
        request,
      });
    });
  }

  /** End every session of a user (disabled, password changed elsewhere...). */
  async revokeUserSessions(db: Executor, userId: string, reason: string, exceptSessionId?: string) {
    const condition = exceptSessionId
      ? and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          sql`${sessions.id} <> ${exceptSessionId}`,
        )
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(condition);
  }

  async #revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }
}

/**
 * The columns a session's identity is checked on (sessions joined with users), for
 * loadIdentity and for hot paths that read them in the same statement as their own data.
 */
export const sessionIdentityColumns = {
  userId: users.id,
  organizationId: users.organizationId,
  role: users.role,
  isSuperadmin: users.isSuperadmin,
  disabled: users.disabled,
  revokedAt: sessions.revokedAt,
  expiresAt: sessions.expiresAt,
};

interface SessionIdentityRow {
  userId: string;
  organizationId: string | null;
  role: Identity["role"];
  isSuperadmin: boolean;
  disabled: boolean;
  revokedAt: Date | null;
  expiresAt: Date;
}

/** The identity behind a session row; UNAUTHENTICATED when it is missing, revoked, expired or its user disabled. */
export function checkSessionIdentity(
  row: SessionIdentityRow | undefined,
  sessionId: string,
): Identity {
  if (!row) throw unauthenticated("session_not_found");
  if (row.revokedAt) throw unauthenticated("session_revoked");
  if (row.expiresAt.getTime() <= Date.now()) throw unauthenticated("session_expired");
  if (row.disabled) throw unauthenticated("user_disabled");
  return {
    userId: row.userId,
    sessionId,
    organizationId: row.organizationId,
    role: row.role,
    isSuperadmin: row.isSuperadmin,
  };
}

/**
 * The name of the user's organization when it is suspended (decision 026), else null.
 * Superadmins are never locked out by it.
 */
export async function suspendedOrganizationOf(
  db: Executor,
  user: { organizationId: string | null; isSuperadmin?: boolean },
  options: { lock?: boolean } = {},
): Promise<string | null> {
  if (!user.organizationId || user.isSuperadmin) return null;
  const query = db
    .select({ name: organizations.name, suspendedAt: organizations.suspendedAt })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  const [org] = options.lock ? await query.for("share") : await query;
  return org?.suspendedAt ? org.name : null;
}

export const organizationSuspended = (name: string) =>
  new AppError(
    "FORBIDDEN",
    `Your organization "${name}" is suspended, so you cannot sign in. Contact your administrator.`,
    { reason: "organization_suspended" },
  );
