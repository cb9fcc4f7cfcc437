import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { TableAccess } from "#shared/schemas/review-table.ts";
import type { ShareGrantee, ShareRole } from "#shared/schemas/share.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Executor } from "../db/database.ts";
import { reviewTableShares, users } from "../db/schema.ts";
import { isUuid, newId } from "../ids.ts";
import { requireTableAccess, type TableRow } from "./table-access.ts";

const NOT_A_MEMBER = "Choose a member of your organization.";

function invalidGrantee(message: string): AppError {
  return new AppError("INVALID_ARGS", message, { issues: [{ path: "grantee.userId", message }] });
}

async function requireGrantee(db: Executor, table: TableRow, userId: string): Promise<string> {
  if (!isUuid(userId)) throw invalidGrantee(NOT_A_MEMBER);
  const [member] = await db
    .select({ id: users.id, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, table.organizationId)));
  if (!member || member.disabled) throw invalidGrantee(NOT_A_MEMBER);
  if (member.id === table.ownerId) {
    throw invalidGrantee("You own this table already; choose someone else to share it with.");
  }
  return member.id;
}

const granteeCondition = (tableId: string, granteeUserId: string | null) =>
  and(
    eq(reviewTableShares.tableId, tableId),
    granteeUserId === null
      ? isNull(reviewTableShares.granteeUserId)
      : eq(reviewTableShares.granteeUserId, granteeUserId),
  );

export async function listTableAccess(db: Executor, tableId: string): Promise<TableAccess> {
  const [organization] = await db
    .select({ role: reviewTableShares.role })
    .from(reviewTableShares)
    .where(granteeCondition(tableId, null));
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: reviewTableShares.role,
    })
    .from(reviewTableShares)
    .innerJoin(users, eq(users.id, reviewTableShares.granteeUserId))
    .where(and(eq(reviewTableShares.tableId, tableId), isNotNull(reviewTableShares.granteeUserId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return {
    organization: organization ? { role: organization.role } : null,
    members: members.map((m) => ({
      userId: m.userId,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      email: m.email,
      role: m.role,
    })),
  };
}

export async function listShares(ctx: FunctionCtx, tableId: string): Promise<TableAccess> {
  await requireTableAccess(ctx.db, ctx.user, tableId, "own");
  return listTableAccess(ctx.db, tableId);
}

export async function shareTable(
  ctx: FunctionCtx,
  args: { tableId: string; grantee: ShareGrantee; role: ShareRole },
): Promise<TableAccess> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "own");
  const granteeUserId =
    "userId" in args.grantee ? await requireGrantee(ctx.db, table, args.grantee.userId) : null;
  const updated = await ctx.db
    .update(reviewTableShares)
    .set({ role: args.role, updatedAt: new Date() })
    .where(granteeCondition(table.id, granteeUserId))
    .returning({ id: reviewTableShares.id });
  if (updated.length === 0) {
    await ctx.db
      .insert(reviewTableShares)
      .values({
        id: newId(),
        organizationId: table.organizationId,
        tableId: table.id,
        granteeUserId,
        role: args.role,
        createdBy: ctx.user.userId,
      })
      .onConflictDoNothing();
  }
  await writeAudit(ctx.db, {
    action: "table.share",
    organizationId: table.organizationId,
    actorUserId: ctx.user.userId,
    targetType: "review_table",
    targetId: table.id,
    metadata: { grantee: granteeUserId ?? "organization", role: args.role },
    request: ctx.request,
  });
  return listTableAccess(ctx.db, table.id);
}

export async function unshareTable(
  ctx: FunctionCtx,
  args: { tableId: string; grantee: ShareGrantee },
): Promise<TableAccess> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "own");
  const granteeUserId = "userId" in args.grantee ? args.grantee.userId : null;
  if (granteeUserId === null || isUuid(granteeUserId)) {
    const removed = await ctx.db
      .delete(reviewTableShares)
      .where(granteeCondition(table.id, granteeUserId))
      .returning({ id: reviewTableShares.id });
    if (removed.length > 0) {
      await writeAudit(ctx.db, {
        action: "table.unshare",
        organizationId: table.organizationId,
        actorUserId: ctx.user.userId,
        targetType: "review_table",
        targetId: table.id,
        metadata: { grantee: granteeUserId ?? "organization" },
        request: ctx.request,
      });
    }
  }
  return listTableAccess(ctx.db, table.id);
}
