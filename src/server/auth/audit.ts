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
  request?: RequestInfo;
}

/** Append one line to the audit log (sign-ins, admin actions). */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    action: entry.action,
    organizationId: entry.organizationId ?? null,
    actorUserId: entry.actorUserId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    metadata: entry.metadata ?? {},
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.userAgent?.slice(0, 500) ?? null,
  });
}
