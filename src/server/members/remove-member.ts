import { and, eq, exists, isNotNull, not, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Executor } from "../db/database.ts";
import {
  documents,
  drafts,
  folders,
  moduleExecutions,
  notificationPreferences,
  notifications,
  threads,
  userPreferences,
  users,
} from "../db/schema.ts";
import { deleteBlobsAfterCommit } from "../dossier/access.ts";
import {
  assertKeepsAnAdmin,
  lockOrganization,
  requireOrganizationAdmin,
} from "../organizations/organization-access.ts";
import { requireMember } from "./member-view.ts";

export interface RemoveMemberArgs {
  userId: string;
  transferToUserId?: string;
}

/**
 * Remove a member from the organization (decision 021). What they own — documents,
 * folders, threads, drafts and module runs — goes to `transferToUserId`, or is
 * deleted. Their account stays (messages and audit lines keep their author) but
 * leaves the organization, is disabled, and its sessions end at once.
 */
export async function removeMember(ctx: FunctionCtx, args: RemoveMemberArgs) {
  const caller = ctx.user;
  const organizationId = requireOrganizationAdmin(caller, "remove members");
  if (args.userId === caller.userId) {
    throw new AppError(
      "CONFLICT",
      "You cannot remove yourself. Another organization admin can remove you.",
    );
  }
  const db = ctx.db;
  await lockOrganization(db, organizationId);
  const target = await requireMember(db, organizationId, args.userId);
  await assertKeepsAnAdmin(db, { organizationId, userId: target.id, change: "remove" });
  let recipient: string | null = null;
  if (args.transferToUserId !== undefined) {
    if (args.transferToUserId === target.id) {
      throw new AppError("INVALID_ARGS", "Choose another member to receive their work.", {
        issues: [
          { path: "transferToUserId", message: "Choose another member to receive their work." },
        ],
      });
    }
    const to = await requireMember(
      db,
      organizationId,
      args.transferToUserId,
      "The member to transfer to",
    );
    if (to.disabled) {
      throw new AppError("CONFLICT", `${to.email} is disabled and cannot receive their work.`);
    }
    recipient = to.id;
  }

  const moved = recipient
    ? await transferWork(db, organizationId, target.id, recipient)
    : await deleteWork(ctx, organizationId, target.id);

  await db.delete(notifications).where(eq(notifications.userId, target.id));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, target.id));
  await db.delete(userPreferences).where(eq(userPreferences.userId, target.id));
  await db
    .update(users)
    .set({ organizationId: null, role: "Member", disabled: true, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  await ctx.services.auth.revokeUserSessions(db, target.id, "removed_from_organization");
  await writeAudit(db, {
    action: "member.remove",
    organizationId,
    actorUserId: caller.userId,
    targetType: "user",
    targetId: target.id,
    metadata: { email: target.email, transferredTo: recipient, ...moved },
    request: ctx.request,
  });
  return { userId: target.id, transferredTo: recipient, ...moved };
}

interface MovedWork {
  documents: number;
  folders: number;
  threads: number;
}

async function transferWork(
  db: Executor,
  organizationId: string,
  from: string,
  to: string,
): Promise<MovedWork> {
  const now = new Date();
  const docs = await db
    .update(documents)
    .set({ ownerId: to, updatedAt: now })
    .where(and(eq(documents.organizationId, organizationId), eq(documents.ownerId, from)))
    .returning({ id: documents.id });
  const dirs = await db
    .update(folders)
    .set({ ownerId: to, updatedAt: now })
    .where(and(eq(folders.organizationId, organizationId), eq(folders.ownerId, from)))
    .returning({ id: folders.id });
  const chats = await db
    .update(threads)
    .set({ userId: to, updatedAt: now })
    .where(and(eq(threads.organizationId, organizationId), eq(threads.userId, from)))
    .returning({ id: threads.id });
  await db
    .update(drafts)
    .set({ userId: to, updatedAt: now })
    .where(and(eq(drafts.organizationId, organizationId), eq(drafts.userId, from)));
  await db
    .update(moduleExecutions)
    .set({ userId: to, updatedAt: now })
    .where(
      and(eq(moduleExecutions.organizationId, organizationId), eq(moduleExecutions.userId, from)),
    );
  return { documents: docs.length, folders: dirs.length, threads: chats.length };
}

/**
 * Delete what the member owns. A folder of theirs that still holds someone
 * else's documents or folders stays, without an owner, so nobody else loses work.
 */
async function deleteWork(
  ctx: FunctionCtx,
  organizationId: string,
  userId: string,
): Promise<MovedWork> {
  const db = ctx.db;
  const docs = await db
    .delete(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.ownerId, userId)))
    .returning({ storageId: documents.storageId, previewStorageId: documents.previewStorageId });
  let removedFolders = 0;
  // Deepest first: remove their folders that are now empty, until none is left to remove.
  for (;;) {
    const child = sql`(select 1 from ${folders} as child where child.parent_id = ${folders.id})`;
    const removed = await db
      .delete(folders)
      .where(
        and(
          eq(folders.organizationId, organizationId),
          eq(folders.ownerId, userId),
          not(exists(child)),
          not(
            exists(
              db.select({ one: sql`1` }).from(documents).where(eq(documents.folderId, folders.id)),
            ),
          ),
        ),
      )
      .returning({ id: folders.id });
    removedFolders += removed.length;
    if (removed.length === 0) break;
  }
  await db
    .update(folders)
    .set({ ownerId: null })
    .where(and(eq(folders.organizationId, organizationId), eq(folders.ownerId, userId)));
  const chats = await db
    .delete(threads)
    .where(and(eq(threads.organizationId, organizationId), eq(threads.userId, userId)))
    .returning({ id: threads.id });
  const gone = await db
    .delete(drafts)
    .where(
      and(
        eq(drafts.organizationId, organizationId),
        eq(drafts.userId, userId),
        isNotNull(drafts.fileStorageId),
      ),
    )
    .returning({ fileStorageId: drafts.fileStorageId });
  await db
    .delete(drafts)
    .where(and(eq(drafts.organizationId, organizationId), eq(drafts.userId, userId)));
  await db
    .delete(moduleExecutions)
    .where(
      and(eq(moduleExecutions.organizationId, organizationId), eq(moduleExecutions.userId, userId)),
    );
  deleteBlobsAfterCommit(ctx, [
    ...docs.flatMap((d) =>
      d.previewStorageId ? [d.storageId, d.previewStorageId] : [d.storageId],
    ),
    ...gone.flatMap((d) => (d.fileStorageId ? [d.fileStorageId] : [])),
  ]);
  return { documents: docs.length, folders: removedFolders, threads: chats.length };
}
