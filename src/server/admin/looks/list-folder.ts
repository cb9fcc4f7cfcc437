import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import {
  ADMIN_FOLDER_DOCUMENTS_MAX,
  type AdminFolderListing,
} from "#shared/schemas/admin-looks.ts";
import { LOOK_ACTIONS } from "#shared/schemas/audit.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { documents, folders, organizations } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import {
  adminDocumentColumns,
  adminDocumentView,
  adminFolderColumns,
  adminFolderView,
} from "./admin-dossier-view.ts";
import { recordLook } from "./record-look.ts";

/**
 * One folder of any organization's dossier, or its top level, with every
 * owner's subfolders and documents (newest first, up to
 * ADMIN_FOLDER_DOCUMENTS_MAX). The superadmin path past dossier/access.ts:
 * it checks nothing but the superadmin access of its contract, and records
 * the look. Live on the organization's folders and documents.
 */
export async function listAdminFolder(
  ctx: FunctionCtx,
  args: { organizationId: string; folderId: string | null },
): Promise<AdminFolderListing> {
  if (!isUuid(args.organizationId)) throw notFound("Organization");
  const [organization] = await ctx.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, args.organizationId));
  if (!organization) throw notFound("Organization");
  ctx.dependsOnRow("organizations", organization.id);

  let folder: AdminFolderListing["folder"] = null;
  let breadcrumbs: AdminFolderListing["breadcrumbs"] = [];
  if (args.folderId !== null) {
    if (!isUuid(args.folderId)) throw notFound("Folder");
    const [row] = await ctx.db
      .select(adminFolderColumns)
      .from(folders)
      .where(and(eq(folders.id, args.folderId), eq(folders.organizationId, organization.id)));
    if (!row) throw notFound("Folder");
    folder = adminFolderView(row);
    breadcrumbs = await ancestorsOf(ctx, organization.id, row.path);
  }

  await recordLook(ctx, {
    action: LOOK_ACTIONS.dossier,
    organizationId: organization.id,
    targetType: folder ? "folder" : "organization",
    targetId: folder ? folder._id : organization.id,
    subjectUserId: folder?.ownerId ?? null,
    targetName: folder ? folder.path : organization.name,
  });

  const inFolder =
    args.folderId === null ? isNull(folders.parentId) : eq(folders.parentId, args.folderId);
  const subfolders = await ctx.db
    .select(adminFolderColumns)
    .from(folders)
    .where(and(eq(folders.organizationId, organization.id), inFolder))
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
  const documentsHere =
    args.folderId === null ? isNull(documents.folderId) : eq(documents.folderId, args.folderId);
  const documentRows = await ctx.db
    .select(adminDocumentColumns)
    .from(documents)
    .where(and(eq(documents.organizationId, organization.id), documentsHere))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(ADMIN_FOLDER_DOCUMENTS_MAX);
  const [total] = await ctx.db
    .select({ count: count() })
    .from(documents)
    .where(and(eq(documents.organizationId, organization.id), documentsHere));

  return {
    organization: { _id: organization.id, name: organization.name },
    folder,
    breadcrumbs,
    folders: subfolders.map(adminFolderView),
    documents: documentRows.map(adminDocumentView),
    documentTotal: Number(total?.count ?? 0),
  };
}

/** The folders from the top down to `path` (included), by their slug paths. */
async function ancestorsOf(ctx: FunctionCtx, organizationId: string, path: string) {
  const segments = path.split("/");
  const paths = segments.map((_, i) => segments.slice(0, i + 1).join("/"));
  const rows = await ctx.db
    .select({ id: folders.id, name: folders.name, path: folders.path })
    .from(folders)
    .where(and(eq(folders.organizationId, organizationId), inArray(folders.path, paths)));
  return paths.flatMap((p) => {
    const row = rows.find((r) => r.path === p);
    return row ? [{ _id: row.id, name: row.name }] : [];
  });
}
