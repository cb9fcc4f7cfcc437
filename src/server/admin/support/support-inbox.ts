import { and, eq, inArray, sql } from "drizzle-orm";
import type { AdminSupportRequest } from "#shared/schemas/admin-looks.ts";
import type { SupportRequest, SupportStatus } from "#shared/schemas/support.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import { organizations, supportRequests, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { requireVisibleRequest } from "../../support/support-access.ts";
import { requestViews } from "../../support/support-view.ts";

/** The inbox shows this many requests at most, latest activity first. */
const INBOX_MAX = 300;

/**
 * The superadmins' inbox (decision 024): every organization's requests,
 * latest activity first (support_requests_last_idx, _org_last_idx,
 * _status_idx). A live query of global scope: a request or a message
 * anywhere re-runs it.
 */
export async function listSupportInbox(
  ctx: FunctionCtx,
  args: { status?: SupportStatus; organizationId?: string },
): Promise<AdminSupportRequest[]> {
  if (args.organizationId !== undefined && !isUuid(args.organizationId)) return [];
  const rows = await ctx.db
    .select({ row: supportRequests })
    .from(supportRequests)
    .where(
      and(
        args.status ? eq(supportRequests.status, args.status) : undefined,
        args.organizationId ? eq(supportRequests.organizationId, args.organizationId) : undefined,
      ),
    )
    .orderBy(
      sql`${supportRequests.lastMessageAt} desc nulls last`,
      sql`${supportRequests.id} desc nulls last`,
    )
    .limit(INBOX_MAX);
  const requests = rows.map(({ row }) => row);
  const views = await requestViews(ctx.db, requests);
  const userIds = [...new Set(requests.map((r) => r.userId))];
  const organizationIds = [...new Set(requests.map((r) => r.organizationId))];
  const people =
    userIds.length > 0
      ? await ctx.db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, userIds))
      : [];
  const names =
    organizationIds.length > 0
      ? await ctx.db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, organizationIds))
      : [];
  return requests.map((row, index) => {
    const person = people.find((p) => p.id === row.userId);
    return {
      ...views[index]!,
      requester: {
        userId: row.userId,
        name: person
          ? `${person.firstName} ${person.lastName}`.trim() || person.email
          : "Former member",
        email: person?.email ?? "",
      },
      organizationId: row.organizationId,
      organizationName: names.find((o) => o.id === row.organizationId)?.name ?? "",
    };
  });
}

/**
 * Close a request (or reopen a closed one). Audited. The requester is not
 * notified: a close says nothing they need to act on, and their reply
 * reopens it (decision 022).
 */
export async function setSupportRequestClosed(
  ctx: FunctionCtx,
  requestId: string,
  closed: boolean,
): Promise<SupportRequest> {
  const request = await requireVisibleRequest(ctx.db, ctx.user, requestId, { forUpdate: true });
  const status: SupportStatus = closed ? "closed" : "open";
  const [updated] = await ctx.db
    .update(supportRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(supportRequests.id, request.id))
    .returning();
  if (request.status !== status) {
    await writeAudit(ctx.db, {
      action: closed ? "support.close" : "support.reopen",
      organizationId: request.organizationId,
      actorUserId: ctx.user.userId,
      targetType: "support_request",
      targetId: request.id,
      subjectUserId: request.userId,
      metadata: { subject: request.subject },
      request: ctx.request,
    });
  }
  const [view] = await requestViews(ctx.db, [updated!]);
  return view!;
}
