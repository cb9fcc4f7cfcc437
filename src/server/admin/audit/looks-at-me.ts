import { and, desc, eq, like, sql } from "drizzle-orm";
import type { LookAtMe } from "#shared/schemas/audit.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { auditLog, users } from "../../db/schema.ts";

/** How many looks the /account card lists. */
const LOOKS_SHOWN = 50;

/**
 * The latest superadmin looks at the caller's folders, documents and
 * threads (decision 024), along audit_log_subject_idx. Live on the key
 * 'user:<id>' the log's trigger sends for its subject, so only a look at
 * this member's things re-runs it.
 */
export async function listLooksAtMe(ctx: FunctionCtx): Promise<LookAtMe[]> {
  const me = ctx.user.userId;
  ctx.dependsOnRow("audit_log", `user:${me}`);
  const rows = await ctx.db
    .select({
      row: auditLog,
      actorFirst: users.firstName,
      actorLast: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.subjectUserId, me),
        like(auditLog.action, "admin.look.%"),
        // A superadmin's look at their own things is no news to them.
        sql`${auditLog.actorUserId} is distinct from ${me}`,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(LOOKS_SHOWN);
  return rows.map(({ row, actorFirst, actorLast }) => {
    const name = row.metadata.targetName;
    return {
      _id: row.id,
      _creationTime: row.createdAt.getTime(),
      action: row.action,
      targetType: row.targetType,
      targetName: typeof name === "string" ? name : null,
      actorName:
        actorFirst === null ? "An administrator" : `${actorFirst} ${actorLast ?? ""}`.trim(),
    };
  });
}
