import { and, eq, inArray } from "drizzle-orm";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { documents, folders } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export type DocumentRow = typeof documents.$inferSelect;

/**
 * A document the identity may read: same organization. Anything else (unknown
 * id, another organization, no organization) is undefined, so callers answer
 * "not found" without telling which.
 */
export async function findDocumentById(
  db: Executor,
  identity: Identity,
  documentId: string,
): Promise<DocumentRow | undefined> {
  if (!identity.organizationId || !isUuid(documentId)) return undefined;
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(eq(documents.id, documentId), eq(documents.organizationId, identity.organizationId)),
    );
  return rows[0];
}

/**
 * The documents of `ids` the identity may read (as findDocumentById), in no
 * particular order; ids it may not read are left out, so a caller compares
 * counts to answer "not found".
 */
export async function findReadableDocuments(
  db: Executor,
  identity: Identity,
  ids: readonly string[],
): Promise<DocumentRow[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!identity.organizationId || wanted.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(
      and(inArray(documents.id, wanted), eq(documents.organizationId, identity.organizationId)),
    );
}

/** Like findDocumentById, by the key of the document's original bytes. */
export async function findDocumentByStorageId(
  db: Executor,
  identity: Identity,
  storageId: string,
): Promise<DocumentRow | undefined> {
  if (!identity.organizationId || storageId.length > 512) return undefined;
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.storageId, storageId),
        eq(documents.organizationId, identity.organizationId),
      ),
    );
  return rows[0];
}

/** Whether a folder exists in the identity's organization. */
export async function folderInOrganization(
  db: Executor,
  identity: Identity,
  folderId: string,
): Promise<boolean> {
  if (!identity.organizationId || !isUuid(folderId)) return false;
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.organizationId, identity.organizationId)));
  return rows.length > 0;
}
