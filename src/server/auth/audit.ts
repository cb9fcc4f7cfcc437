import type { Executor } from "../db/database.ts";
import { auditLog } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { RequestInfo } from "./identity.ts";

export interface AuditEntry {
  action: string;
  organizationId?: string | null;
  actorUserId?: string | null;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
  /** Whose data it touched, when not the actor's (decision 024). */
  subjectUserId?: string | null;
  request?: RequestInfo;
}

/**
 * Append one line to the audit log (sign-ins, admin actions, superadmin
 * looks). Lines are never changed or deleted (decision 024: the database
 * refuses both).
 */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    action: entry.action,
    organizationId: entry.organizationId ?? null,
    actorUserId: entry.actorUserId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    metadata: entry.metadata ?? {},
    subjectUserId: entry.subjectUserId ?? null,
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.userAgent?.slice(0, 500) ?? null,
  });
}
