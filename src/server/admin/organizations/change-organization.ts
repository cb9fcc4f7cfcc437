import { and, eq, inArray, isNull, not } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { AdminOrganization } from "#shared/schemas/admin-organizations.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import type { Executor } from "../../db/database.ts";
import { organizations, sessions, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { assertSlugFree } from "./create-admin-organization.ts";
import { findAdminOrganization } from "./organization-rows.ts";

/** The organization's row, locked for this change; NOT_FOUND when there is none. */
async function lockOrganizationRow(db: Executor, organizationId: string) {
  const [row] = isUuid(organizationId)
    ? await db
        .select()
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for("update")
    : [];
  if (!row) throw notFound("The organization");
  return row;
}

async function view(
  ctx: FunctionCtx,
  db: Executor,
  organizationId: string,
): Promise<AdminOrganization> {
  const found = await findAdminOrganization(db, ctx.services.database, organizationId);
  if (!found) throw notFound("The organization");
  return found;
}

/** Rename an organization or change its slug; nothing changed, nothing written. */
export async function updateAdminOrganization(
  ctx: FunctionCtx,
  args: { organizationId: string; name?: string; slug?: string },
): Promise<AdminOrganization> {
  const row = await lockOrganizationRow(ctx.db, args.organizationId);
  const changes: { name?: string; slug?: string } = {};
  if (args.name !== undefined && args.name !== row.name) changes.name = args.name;
  if (args.slug !== undefined && args.slug !== row.slug) {
    await assertSlugFree(ctx.db, args.slug, row.id);
    changes.slug = args.slug;
  }
  if (Object.keys(changes).length > 0) {
    await ctx.db
      .update(organizations)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(organizations.id, row.id));
    await writeAudit(ctx.db, {
      action: "admin.organization.update",
      organizationId: row.id,
      actorUserId: ctx.user.userId,
      targetType: "organization",
      targetId: row.id,
      metadata: {
        before: { name: row.name, slug: row.slug },
        after: { name: changes.name ?? row.name, slug: changes.slug ?? row.slug },
      },
      request: ctx.request,
    });
  }
  return view(ctx, ctx.db, row.id);
}

/**
 * Suspend an organization (decision 026): from now on its members cannot
 * sign in or accept its invitations, and every session of theirs ends in
 * this transaction, so their open sockets close at commit (the sync server
 * re-checks sessions that change). Superadmins are never locked out.
 * Suspending a suspended organization changes nothing.
 */
export async function suspendOrganization(
  ctx: FunctionCtx,
  args: { organizationId: string; reason?: string },
): Promise<AdminOrganization> {
  const row = await lockOrganizationRow(ctx.db, args.organizationId);
  if (row.suspendedAt) return view(ctx, ctx.db, row.id);
  const now = new Date();
  await ctx.db
    .update(organizations)
    .set({ suspendedAt: now, suspendedReason: args.reason || null, updatedAt: now })
    .where(eq(organizations.id, row.id));
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: "organization_suspended" })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(
          sessions.userId,
          ctx.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizationId, row.id), not(users.isSuperadmin))),
        ),
      ),
    )
    .returning({ id: sessions.id });
  await writeAudit(ctx.db, {
    action: "admin.organization.suspend",
    organizationId: row.id,
    actorUserId: ctx.user.userId,
    targetType: "organization",
    targetId: row.id,
    metadata: { name: row.name, reason: args.reason || null, sessionsEnded: ended.length },
    request: ctx.request,
  });
  return view(ctx, ctx.db, row.id);
}

/** Lift a suspension: its members may sign in again (their ended sessions stay ended). */
export async function restoreOrganization(
  ctx: FunctionCtx,
  args: { organizationId: string },
): Promise<AdminOrganization> {
  const row = await lockOrganizationRow(ctx.db, args.organizationId);
  if (!row.suspendedAt) return view(ctx, ctx.db, row.id);
  await ctx.db
    .update(organizations)
    .set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() })
    .where(eq(organizations.id, row.id));
  await writeAudit(ctx.db, {
    action: "admin.organization.restore",
    organizationId: row.id,
    actorUserId: ctx.user.userId,
    targetType: "organization",
    targetId: row.id,
    metadata: {
      name: row.name,
      suspendedAt: row.suspendedAt.toISOString(),
      reason: row.suspendedReason,
    },
    request: ctx.request,
  });
  return view(ctx, ctx.db, row.id);
}
