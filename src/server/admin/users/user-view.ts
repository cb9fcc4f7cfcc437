import { eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { AdminUserRow } from "#shared/schemas/admin-user.ts";
import type { Executor } from "../../db/database.ts";
import { organizations, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";

export type UserRow = typeof users.$inferSelect;

/** The columns of one /admin/users row: the user and their organization's name. */
export const adminUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isSuperadmin: users.isSuperadmin,
  disabled: users.disabled,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
  organizationId: users.organizationId,
  organizationName: organizations.name,
};

export interface AdminUserColumns {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AdminUserRow["role"];
  isSuperadmin: boolean;
  disabled: boolean;
  lastActiveAt: Date | null;
  createdAt: Date;
  organizationId: string | null;
  organizationName: string | null;
}

export function adminUserView(row: AdminUserColumns): AdminUserRow {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    organization:
      row.organizationId && row.organizationName !== null
        ? { _id: row.organizationId, name: row.organizationName }
        : null,
    role: row.role,
    isSuperadmin: row.isSuperadmin,
    disabled: row.disabled,
    lastActiveAt: row.lastActiveAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}

/** One user as a list row; undefined when there is none. */
export async function loadAdminUser(db: Executor, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row ? adminUserView(row) : undefined;
}

/** A user, locked for a change; NOT_FOUND for an unknown or malformed id. */
export async function requireUserForUpdate(db: Executor, userId: string): Promise<UserRow> {
  const rows = isUuid(userId)
    ? await db.select().from(users).where(eq(users.id, userId)).for("update")
    : [];
  const row = rows[0];
  if (!row) throw notFound("User");
  return row;
}

export const displayName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;
