import { eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { supportRequests } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

/**
 * Who sees a support request (decision 022): its requester, and superadmins
 * (who answer them, whatever the organization). Anyone else, an organization
 * admin included, gets "not found", as for an id of nothing.
 */

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export function canSeeRequest(caller: Identity, row: SupportRequestRow): boolean {
  return row.userId === caller.userId || caller.isSuperadmin;
}

export async function requireVisibleRequest(
  db: Executor,
  caller: Identity,
  requestId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SupportRequestRow> {
  if (!isUuid(requestId)) throw notFound("Support request");
  const query = db.select().from(supportRequests).where(eq(supportRequests.id, requestId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row || !canSeeRequest(caller, row)) throw notFound("Support request");
  return row;
}

/** Live keys (migration 0010): a request's row and its messages ('support:<id>'). */
export function dependOnRequest(ctx: FunctionCtx, requestId: string): void {
  ctx.dependsOnRow("support_requests", requestId);
  ctx.dependsOnRow("support_messages", `support:${requestId}`);
}
