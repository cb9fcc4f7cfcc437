import { and, eq, sql } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Executor } from "../db/client.ts";
import { folders } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

/**
 * Who may touch which dossier rows. A dossier belongs to an organization:
 * every member and admin of it may read and change its folders and documents
 * (finer roles come later). An id from another organization, or one that is
 * not an id at all, is "not found", exactly like a missing one.
 */

export type FolderRow = typeof folders.$inferSelect;

/** The caller's organization, or null: a superadmin without one has no dossier. */
export function dossierOrganization(ctx: FunctionCtx): string | null {
  return ctx.user.organizationId;
}

/** The caller's organization for writes; a caller without one cannot create anything. */
export function requireDossierOrganization(ctx: FunctionCtx): string {
  const organizationId = ctx.user.organizationId;
  if (!organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization, so it has no dossier.",
    );
  }
  return organizationId;
}

/**
 * The caller's organization for a change to an existing folder or document;
 * without one, every id is "not found" (there is no dossier to find it in).
 */
export function writableOrganization(ctx: FunctionCtx, what: "Folder" | "Document"): string {
  const organizationId = ctx.user.organizationId;
  if (!organizationId) throw notFound(what);
  return organizationId;
}

export async function findFolder(
  db: Executor,
  organizationId: string | null,
  folderId: string,
): Promise<FolderRow | undefined> {
  if (!organizationId || !isUuid(folderId)) return undefined;
  const rows = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.organizationId, organizationId)));
  return rows[0];
}

export async function requireFolder(
  db: Executor,
  organizationId: string | null,
  folderId: string,
): Promise<FolderRow> {
  const folder = await findFolder(db, organizationId, folderId);
  if (!folder) throw notFound("Folder");
  return folder;
}

/**
 * Serialize changes to one organization's folder tree until the transaction
 * ends: two concurrent moves could otherwise each pass the cycle check and
 * together make a loop.
 */
export async function lockFolderTree(db: Executor, organizationId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`atrium:folders:${organizationId}`}, 0))`,
  );
}
