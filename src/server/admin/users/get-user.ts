import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AdminAuditEvent, AdminUserDetail } from "#shared/schemas/admin-user.ts";
import type { Identity } from "../../auth/identity.ts";
import type { Executor } from "../../db/database.ts";
import { auditLog, sessions, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { displayName, loadAdminUser } from "./user-view.ts";

const RECENT_EVENTS = 20;
const SESSIONS_SHOWN = 50;

/** One user for /admin/users/{userId}: the row, live sessions and recent audit events; null when unknown. */
export async function getAdminUser(
  db: Executor,
  caller: Identity,
  userId: string,
): Promise<AdminUserDetail | null> {
  if (!isUuid(userId)) return null;
  const row = await loadAdminUser(db, userId);
  if (!row) return null;
  const [[signIn], active, events] = await Promise.all([
    db.select({ at: users.lastSignInAt }).from(users).where(eq(users.id, userId)),
    db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt))
      .limit(SESSIONS_SHOWN),
    recentEvents(db, userId),
  ]);
  return {
    ...row,
    lastSignInAt: signIn?.at?.getTime() ?? null,
    isMe: userId === caller.userId,
    sessions: active.map((s) => ({
      _id: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.getTime(),
      lastUsedAt: s.lastUsedAt.getTime(),
      isCurrent: s.id === caller.sessionId,
    })),
    recentEvents: events,
  };
}

/**
 * The last events where the user acted or was acted on: two index-served
 * queries (audit_log_actor_idx, audit_log_target_created_idx) merged.
 */
async function recentEvents(db: Executor, userId: string): Promise<AdminAuditEvent[]> {
  const [asActor, asTarget] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .orderBy(desc(auditLog.createdAt))
      .limit(RECENT_EVENTS),
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, userId))
      .orderBy(desc(auditLog.createdAt))
      .limit(RECENT_EVENTS),
  ]);
  const unique = new Map([...asActor, ...asTarget].map((e) => [e.id, e]));
  const merged = [...unique.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, RECENT_EVENTS);
  const actorIds = [...new Set(merged.flatMap((e) => (e.actorUserId ? [e.actorUserId] : [])))];
  const actors =
    actorIds.length > 0
      ? await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, actorIds))
      : [];
  const byId = new Map(actors.map((a) => [a.id, a]));
  return merged.map((e) => {
    const actor = e.actorUserId ? byId.get(e.actorUserId) : undefined;
    return {
      _id: e.id,
      action: e.action,
      createdAt: e.createdAt.getTime(),
      actor: actor ? { _id: actor.id, name: displayName(actor), email: actor.email } : null,
      targetType: e.targetType,
      targetId: e.targetId,
      ip: e.ip,
      metadata: e.metadata,
    };
  });
}
