import { sql } from "drizzle-orm";
import type { AdminDocument, AdminFolder } from "#shared/schemas/admin-looks.ts";
import { documents, folders, users } from "../../db/schema.ts";
import { documentSummaryColumns, documentSummaryView } from "../../documents/document-view.ts";

/**
 * Rows of the admin dossier browser: what the dossier shows, without the
 * caller's role and star (a superadmin reads, never acts, here).
 */

const ownerName = (ownerColumn: string) =>
  sql<
    string | null
  >`(select nullif(trim(o.first_name || ' ' || o.last_name), '') from ${users} o where o.id = ${sql.raw(ownerColumn)})`;

export const adminFolderColumns = {
  id: folders.id,
  createdAt: folders.createdAt,
  updatedAt: folders.updatedAt,
  name: folders.name,
  path: folders.path,
  parentId: folders.parentId,
  ownerId: folders.ownerId,
  ownerName: ownerName(`"folders"."owner_id"`),
  itemCount: sql<number>`((select count(*) from ${folders} c where c.parent_id = "folders"."id")
    + (select count(*) from ${documents} d where d.folder_id = "folders"."id"))::int`,
};

export function adminFolderView(row: {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  name: string;
  path: string;
  parentId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  itemCount: number;
}): AdminFolder {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    name: row.name,
    path: row.path,
    parentId: row.parentId,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    updatedAt: row.updatedAt.getTime(),
    itemCount: Number(row.itemCount),
  };
}

export const adminDocumentColumns = {
  ...documentSummaryColumns,
  ownerName: ownerName(`"documents"."owner_id"`),
};

export function adminDocumentView(
  row: Parameters<typeof documentSummaryView>[0] & { ownerName: string | null },
): AdminDocument {
  const { myRole: _role, isFavorite: _star, ...rest } = documentSummaryView(row);
  return { ...rest, ownerName: row.ownerName };
}
