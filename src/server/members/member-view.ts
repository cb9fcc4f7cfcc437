import { and, asc, eq, max, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Member } from "#shared/schemas/organization.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { sessions, users } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export type UserRow = typeof users.$inferSelect;

/** The members of an organization (one, with `userId`), with their last activity. */
export async function loadMembers(
  db: Executor,
  caller: Pick<Identity, "userId">,
  organizationId: string,
  userId?: string,
): Promise<Member[]> {
  const lastUsed = db
    .select({ userId: sessions.userId, at: max(sessions.lastUsedAt).as("at") })
    .from(sessions)
    .where(eq(sessions.organizationId, organizationId))
    .groupBy(sessions.userId)
    .as("last_used");
  const rows = await db
    .select({ user: users, lastUsedAt: lastUsed.at })
    .from(users)
    .leftJoin(lastUsed, eq(lastUsed.userId, users.id))
    .where(and(eq(users.organizationId, organizationId), userId ? eq(users.id, userId) : undefined))
    .orderBy(
      asc(sql`lower(${users.firstName})`),
      asc(sql`lower(${users.lastName})`),
      asc(users.id),
    );
  return rows.map(({ user, lastUsedAt }) => memberView(user, caller, lastUsedAt));
}

export function memberView(
  user: UserRow,
  caller: Pick<Identity, "userId">,
  lastUsedAt: Date | null,
): Member {
  const times = [lastUsedAt, user.lastSignInAt]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    isSuperadmin: user.isSuperadmin,
    disabled: user.disabled,
    lastActiveAt: times.length > 0 ? Math.max(...times) : null,
    joinedAt: user.createdAt.getTime(),
    isMe: user.id === caller.userId,
  };
}

/** A member of the organization, locked for the change; anyone else is "not found". */
export async function requireMember(
  db: Executor,
  organizationId: string,
  userId: string,
  what = "Member",
): Promise<UserRow> {
  const rows = isUuid(userId)
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)))
        .for("update")
    : [];
  const row = rows[0];
  if (!row) throw notFound(what);
  return row;
}
