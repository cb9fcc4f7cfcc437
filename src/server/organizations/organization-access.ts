import { and, count, eq, ne } from "drizzle-orm";
import { AppError, conflict, forbidden } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { organizations, users } from "../db/schema.ts";

/**
 * The one place that decides what an organization role may do (decision 021,
 * the rights matrix). Every member reads their organization's name, members
 * and prompts; organization admins, and superadmins in their own
 * organization, also manage it: members, invitations, prompts, the default
 * model, usage. Another organization's rows are "not found" for everyone
 * (the functions only ever look inside the caller's organization).
 */

/** Whether the caller manages their organization (organization admins and superadmins). */
export function canManageOrganization(caller: Identity): boolean {
  return (
    caller.organizationId !== null && (caller.isSuperadmin || caller.role === "OrganizationAdmin")
  );
}

/** The caller's organization; FORBIDDEN when the account has none. */
export function requireOrganization(caller: Identity, what = "has no organization"): string {
  if (!caller.organizationId) {
    throw new AppError(
      "FORBIDDEN",
      `Your account does not belong to an organization, so it ${what}.`,
    );
  }
  return caller.organizationId;
}

/**
 * The caller's organization when they may manage it; otherwise FORBIDDEN,
 * saying what only admins may do: `requireOrganizationAdmin(caller, "invite people")`
 * refuses a member with "Only organization admins can invite people.".
 */
export function requireOrganizationAdmin(caller: Identity, action: string): string {
  if (!caller.isSuperadmin && caller.role !== "OrganizationAdmin") {
    throw forbidden(`Only organization admins can ${action}.`);
  }
  return requireOrganization(caller, `cannot ${action}`);
}

/**
 * Serialize changes to an organization's membership (roles, removals,
 * disabling): two admins demoting each other at once must not leave it
 * without one.
 */
export async function lockOrganization(db: Executor, organizationId: string): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
}

export const LAST_ADMIN_MESSAGES = {
  demote: "This is the organization's last admin. Make someone else an admin first.",
  remove: "The organization's last admin cannot be removed. Make someone else an admin first.",
  disable: "The organization's last admin cannot be disabled. Make someone else an admin first.",
} as const;

/**
 * CONFLICT when `userId` is an active organization admin and no other active
 * admin would be left once they stop being one. Call after lockOrganization.
 */
export async function assertKeepsAnAdmin(
  db: Executor,
  options: { organizationId: string; userId: string; change: keyof typeof LAST_ADMIN_MESSAGES },
): Promise<void> {
  const [target] = await db
    .select({ role: users.role, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, options.userId), eq(users.organizationId, options.organizationId)));
  if (target?.role !== "OrganizationAdmin" || target.disabled) return;
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.organizationId, options.organizationId),
        eq(users.role, "OrganizationAdmin"),
        eq(users.disabled, false),
        ne(users.id, options.userId),
      ),
    );
  if ((others?.n ?? 0) === 0) {
    throw conflict(LAST_ADMIN_MESSAGES[options.change]);
  }
}
