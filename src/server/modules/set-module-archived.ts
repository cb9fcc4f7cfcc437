import { eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { modules } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export interface SetModuleArchivedOptions {
  db: Executor;
  caller: Identity;
  request: RequestInfo;
  moduleId: string;
  archived: boolean;
}

/**
 * Archive a module (members no longer see or run it; its executions and
 * drafts stay) or restore it. Archiving an archived module keeps its date.
 */
export async function setModuleArchived(
  options: SetModuleArchivedOptions,
): Promise<{ moduleId: string }> {
  const { db, moduleId, archived } = options;
  const [row] = isUuid(moduleId)
    ? await db.select().from(modules).where(eq(modules.id, moduleId)).for("update")
    : [];
  if (!row) throw notFound("Module");
  if ((row.archivedAt !== null) !== archived) {
    const now = new Date();
    await db
      .update(modules)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(modules.id, moduleId));
    await writeAudit(db, {
      action: archived ? "module.archive" : "module.restore",
      actorUserId: options.caller.userId,
      targetType: "module",
      targetId: moduleId,
      metadata: { slug: row.slug },
      request: options.request,
    });
  }
  return { moduleId };
}
