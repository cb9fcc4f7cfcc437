import { AppError, notFound } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";

/**
 * Who may touch which dossier rows. A dossier belongs to an organization:
 * every member and admin of it may read and change its folders and documents
 * (finer roles come later). An id from another organization, or one that is
 * not an id at all, is "not found", exactly like a missing one.
 */

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

/** Delete blobs only once the rows that named them are gone for good. */
export function deleteBlobsAfterCommit(ctx: FunctionCtx, keys: string[]): void {
  if (keys.length === 0) return;
  ctx.afterCommit(() => ctx.services.storage.delete(keys));
}
