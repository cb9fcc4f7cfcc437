import { eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { AdminDocumentDetail } from "#shared/schemas/admin-looks.ts";
import { LOOK_ACTIONS } from "#shared/schemas/audit.ts";
import type { FunctionCtx } from "../../api/context.ts";
import type { Executor } from "../../db/database.ts";
import { documents, folders, organizations } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { adminDocumentColumns, adminDocumentView } from "./admin-dossier-view.ts";
import { recordLook } from "./record-look.ts";

/** Any document with its organization, whoever owns it; undefined for an unknown id. */
export async function findAnyDocument(db: Executor, documentId: string) {
  if (!isUuid(documentId)) return undefined;
  const [row] = await db
    .select({
      ...adminDocumentColumns,
      organizationId: documents.organizationId,
      organizationName: organizations.name,
      previewContentType: documents.previewContentType,
      htmlContent: documents.htmlContent,
      metadata: documents.metadata,
      folderPath: folders.path,
    })
    .from(documents)
    .innerJoin(organizations, eq(organizations.id, documents.organizationId))
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .where(eq(documents.id, documentId));
  return row;
}

/** One document for the admin browser's panel; the look is recorded before it is shown. */
export async function getAdminDocument(
  ctx: FunctionCtx,
  documentId: string,
): Promise<AdminDocumentDetail> {
  const row = await findAnyDocument(ctx.db, documentId);
  if (!row) throw notFound("Document");
  ctx.dependsOnRow("documents", row.id);
  await recordLook(ctx, {
    action: LOOK_ACTIONS.document,
    organizationId: row.organizationId,
    targetType: "document",
    targetId: row.id,
    subjectUserId: row.ownerId,
    targetName: row.name,
  });
  return {
    ...adminDocumentView(row),
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    folderPath: row.folderPath,
    htmlContent: row.htmlContent,
    metadata: row.metadata,
  };
}
