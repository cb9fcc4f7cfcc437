import { eq } from "drizzle-orm";
import { getMe } from "#shared/api/users.ts";
import { notFound } from "#shared/errors.ts";
import type { User } from "#shared/schemas/user.ts";
import type { FunctionCtx } from "../api/context.ts";
import { implement } from "../api/registry.ts";
import type { Executor } from "../db/database.ts";
import { recordReads } from "../db/read-tracker.ts";
import { organizations, users } from "../db/schema.ts";

/** A user as the API shows it (never the password hash). */
export async function loadUserView(db: Executor, userId: string): Promise<User | undefined> {
  const rows = await db
    .select({
      user: users,
      organization: { id: organizations.id, name: organizations.name, slug: organizations.slug },
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  const row = rows[0];
  if (!row) return undefined;
  const { user, organization } = row;
  return {
    _id: user.id,
    _creationTime: user.createdAt.getTime(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isSuperadmin: user.isSuperadmin,
    role: user.role,
    organizationId: user.organizationId,
    organization: organization
      ? { _id: organization.id, name: organization.name, slug: organization.slug }
      : null,
  };
}

/**
 * The caller's own user: from the identity cache (kept by the change feed on users and
 * organizations, decision 032) when this instance read it since its last change.
 */
export async function getMeHandler(ctx: FunctionCtx): Promise<User> {
  const { userId, organizationId } = ctx.user;
  ctx.dependsOnRow("users", userId);
  if (organizationId) ctx.dependsOnRow("organizations", organizationId);
  const cache = ctx.services.auth.identities;
  const cached = cache.userView(userId);
  if (cached) {
    recordReads("users", "organizations");
    return cached;
  }
  const ticket = cache.ticket();
  const view = await loadUserView(ctx.db, userId);
  if (!view) throw notFound("Your account");
  cache.storeUserView(ticket, view);
  return view;
}

export const getMeFunction = implement(getMe, getMeHandler);
