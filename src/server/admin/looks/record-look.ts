import { and, eq, gt, sql } from "drizzle-orm";
import type { LookAction, LookTargetType } from "#shared/schemas/audit.ts";
import type { Services } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import type { Identity, RequestInfo } from "../../auth/identity.ts";
import { runUntracked } from "../../db/read-tracker.ts";
import { auditLog, sessions } from "../../db/schema.ts";

/**
 * One look of a superadmin at another organization's (or member's) data is
 * one audit line (decision 024). The functions that read are live queries:
 * they run again whenever what they show changes, and each tab of /admin
 * subscribes anew. Those runs are one look, so a line is written unless the
 * same superadmin already has one for the same target in the last
 * LOOK_WINDOW_MS. The write happens before the data is returned: a read that
 * could not be recorded fails instead of showing anything.
 */
export const LOOK_WINDOW_MS = 10 * 60 * 1000;

export interface Look {
  action: LookAction;
  organizationId: string;
  targetType: LookTargetType;
  targetId: string;
  /** The owner of what was looked at; null for the organization's top level. */
  subjectUserId: string | null;
  /** What the target was called at that moment (shown to its owner). */
  targetName: string;
}

/** Who looked, from where: a function's ctx, or an HTTP route's caller. */
export interface Looker {
  services: Services;
  user: Identity;
  request: RequestInfo;
}

export async function recordLook(looker: Looker, look: Look): Promise<void> {
  const actor = looker.user;
  // Outside the live query's read tracking: the query depends on what it shows, not on the log.
  await runUntracked(() =>
    looker.services.database.db.transaction(async (tx) => {
      // Two runs at once (two tabs) must not both write.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`look:${actor.userId}:${look.targetId}`}))`,
      );
      const since = new Date(Date.now() - LOOK_WINDOW_MS);
      const [recent] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actorUserId, actor.userId),
            eq(auditLog.action, look.action),
            eq(auditLog.targetId, look.targetId),
            gt(auditLog.createdAt, since),
          ),
        )
        .limit(1);
      if (recent) return;
      // A live query runs for every subscriber of its group at once, so it
      // carries no request: the look then names the address and browser
      // its session signed in from.
      let request = looker.request;
      if (!request.ip) {
        const [session] = await tx
          .select({ ip: sessions.ip, userAgent: sessions.userAgent })
          .from(sessions)
          .where(eq(sessions.id, actor.sessionId));
        if (session) request = { ip: session.ip, userAgent: session.userAgent };
      }
      await writeAudit(tx, {
        action: look.action,
        organizationId: look.organizationId,
        actorUserId: actor.userId,
        targetType: look.targetType,
        targetId: look.targetId,
        subjectUserId: look.subjectUserId,
        metadata: { targetName: look.targetName.slice(0, 300) },
        request,
      });
    }),
  );
}
