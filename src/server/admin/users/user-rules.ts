import { and, count, eq, ne, sql } from "drizzle-orm";
import { AppError, conflict } from "#shared/errors.ts";
import type { Executor } from "../../db/database.ts";
import { documents, drafts, folders, organizations, threads, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import {
  assertKeepsAnAdmin,
  type LAST_ADMIN_MESSAGES,
  lockOrganization,
} from "../../organizations/organization-access.ts";
import type { UserRow } from "./user-view.ts";

/**
 * The rules every admin.users change keeps (decision 025): there is always an
 * enabled superadmin, every organization keeps an enabled admin (decision
 * 021, as the command line), a user's work never ends up in an organization
 * they left.
 */

export const LAST_SUPERADMIN_MESSAGES = {
  demote: "This is the last superadmin. Make someone else a superadmin first.",
  disable: "The last superadmin cannot be disabled. Make someone else a superadmin first.",
} as const;

export const CANNOT_DISABLE_YOURSELF =
  "You cannot disable your own account. Another superadmin can disable it.";

/**
 * CONFLICT when `target` is an enabled superadmin and no other enabled one
 * would be left. Locks every superadmin row first, so two superadmins
 * demoting each other at once cannot both succeed.
 */
export async function assertKeepsASuperadmin(
  db: Executor,
  target: UserRow,
  change: keyof typeof LAST_SUPERADMIN_MESSAGES,
): Promise<void> {
  if (!target.isSuperadmin || target.disabled) return;
  await db.select({ id: users.id }).from(users).where(eq(users.isSuperadmin, true)).for("update");
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isSuperadmin, true), eq(users.disabled, false), ne(users.id, target.id)));
  if ((others?.n ?? 0) === 0) throw conflict(LAST_SUPERADMIN_MESSAGES[change]);
}

/** CONFLICT when `target` is their organization's last enabled admin (decision 021). */
export async function assertOrganizationKeepsAnAdmin(
  db: Executor,
  target: UserRow,
  change: keyof typeof LAST_ADMIN_MESSAGES,
): Promise<void> {
  if (!target.organizationId || target.role !== "OrganizationAdmin" || target.disabled) return;
  await lockOrganization(db, target.organizationId);
  await assertKeepsAnAdmin(db, {
    organizationId: target.organizationId,
    userId: target.id,
    change,
  });
}

/** The organization chosen in a form: it must exist (a field error otherwise). */
export async function requireOrganizationChoice(db: Executor, organizationId: string) {
  const rows = isUuid(organizationId)
    ? await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
    : [];
  const row = rows[0];
  if (!row) {
    const message = "That organization no longer exists. Choose another.";
    throw new AppError("INVALID_ARGS", message, {
      issues: [{ path: "organizationId", message }],
    });
  }
  return row;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Moving a user to another organization must not strand what they own in the
 * one they leave (nobody there could see or reassign it): CONFLICT while they
 * own documents, folders, chats or drafts there.
 */
export async function assertOwnsNothingIn(db: Executor, user: UserRow): Promise<void> {
  const organizationId = user.organizationId;
  if (!organizationId) return;
  // One after another: a transaction's client runs one statement at a time.
  const [docs] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.ownerId, user.id)));
  const [dirs] = await db
    .select({ n: count() })
    .from(folders)
    .where(and(eq(folders.organizationId, organizationId), eq(folders.ownerId, user.id)));
  const [chats] = await db
    .select({ n: count() })
    .from(threads)
    .where(and(eq(threads.organizationId, organizationId), eq(threads.userId, user.id)));
  const [drafted] = await db
    .select({ n: count() })
    .from(drafts)
    .where(and(eq(drafts.organizationId, organizationId), eq(drafts.userId, user.id)));
  const parts = [
    docs?.n ? plural(docs.n, "document", "documents") : null,
    dirs?.n ? plural(dirs.n, "folder", "folders") : null,
    chats?.n ? plural(chats.n, "chat", "chats") : null,
    drafted?.n ? plural(drafted.n, "draft", "drafts") : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return;
  throw new AppError(
    "CONFLICT",
    `${user.email} still owns ${parts.join(", ")} in their organization. An admin there removes them from the organization first (their work goes to another member), then you can move them.`,
    { field: "organizationId" },
  );
}

/** Email already used by another account (any case): a field error on `email`. */
export async function assertEmailFree(db: Executor, email: string, exceptUserId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  if (rows.length > 0) {
    throw new AppError("CONFLICT", "A user with this email address already exists.", {
      field: "email",
    });
  }
}
