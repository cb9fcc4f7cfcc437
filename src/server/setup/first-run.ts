import { randomBytes } from "node:crypto";
import { count, eq, like, sql } from "drizzle-orm";
import type { Tokens } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import type { RequestInfo } from "../auth/identity.ts";
import { hashRefreshToken } from "../auth/tokens.ts";
import type { Executor } from "../db/database.ts";
import { serverState, users } from "../db/schema.ts";
import { createOrganization } from "../organizations/create-organization.ts";
import { createUser } from "../users/create-user.ts";

const SETUP_KEY_PREFIX = "setup-token:";
const SETUP_LOCK_ID = 7_316_004_212;

export async function hasAnyUser(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

export interface FirstAdmin {
  organizationName: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Create the first organization and its superadmin, in one transaction. */
export async function createFirstAdmin(db: Executor, admin: FirstAdmin) {
  const organization = await createOrganization({ db, name: admin.organizationName });
  const user = await createUser({
    db,
    email: admin.email,
    password: admin.password,
    firstName: admin.firstName,
    lastName: admin.lastName,
    organizationId: organization.id,
    role: "OrganizationAdmin",
    isSuperadmin: true,
  });
  return { organization, user };
}

/**
 * On an empty database: create the admin from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * issue a one-time setup link (returned so the caller prints it).
 */
export async function prepareFirstRun(services: Services): Promise<{ setupUrl?: string }> {
  const { db } = services.database;
  if (await hasAnyUser(db)) return {};
  const admin = services.config.admin;
  if (admin) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`);
      if (await hasAnyUser(tx)) return;
      const created = await createFirstAdmin(tx, {
        organizationName: services.config.appName,
        email: admin.email,
        password: admin.password,
        firstName: "Admin",
        lastName: "User",
      });
      await writeAudit(tx, {
        action: "setup.admin_from_env",
        organizationId: created.organization.id,
        actorUserId: created.user.id,
      });
    });
    services.log.info({ email: admin.email }, "created the first superadmin from ADMIN_EMAIL");
    return {};
  }
  // One row per printed link: every instance starting on the empty database
  // prints a link of its own, and each works until setup is done.
  const token = randomBytes(24).toString("base64url");
  await db
    .insert(serverState)
    .values({ key: setupKey(token), value: { createdBy: "server-start" } })
    .onConflictDoNothing();
  return { setupUrl: `${services.config.publicUrl}/setup?token=${token}` };
}

/** Looked up by the token's SHA-256, so the stored value never reveals a usable link. */
const setupKey = (token: string) => `${SETUP_KEY_PREFIX}${hashRefreshToken(token)}`;

/** /setup: create the first organization and superadmin, exactly once. */
export async function completeSetup(
  services: Services,
  args: FirstAdmin & { token: string },
  request: RequestInfo,
): Promise<Tokens> {
  return services.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`);
    if (await hasAnyUser(tx)) {
      throw new AppError("CONFLICT", "This workspace is already set up. Sign in instead.");
    }
    const [state] = await tx
      .select()
      .from(serverState)
      .where(eq(serverState.key, setupKey(args.token)));
    if (!state) {
      throw new AppError(
        "FORBIDDEN",
        "This setup link is not valid. Use the link printed in the server log.",
      );
    }
    const created = await createFirstAdmin(tx, args);
    await tx.delete(serverState).where(like(serverState.key, `${SETUP_KEY_PREFIX}%`));
    await writeAudit(tx, {
      action: "setup.completed",
      organizationId: created.organization.id,
      actorUserId: created.user.id,
      request,
    });
    const tokens = await services.auth.createSession(tx, created.user, request);
    await writeAudit(tx, {
      action: "auth.sign_in",
      organizationId: created.organization.id,
      actorUserId: created.user.id,
      metadata: { via: "setup" },
      request,
    });
    return tokens;
  });
}
