import { and, eq, inArray } from "drizzle-orm";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import {
  type DossierCaller,
  findDocumentAccess,
  findFolderAccess,
  readableDocumentsCondition,
} from "../dossier/access.ts";
import { isUuid } from "../ids.ts";

export type DocumentRow = typeof documents.$inferSelect;

/**
 * Document lookups for the HTTP routes and for other capabilities (module
 * runs, prompts, drafts). Who may read what is decided in dossier/access.ts:
 * the owner, and whoever a share reaches (decision 023).
 */

/**
 * A document the identity may read. Anything else (unknown id, another
 * organization, a private document of someone else) is undefined, so callers
 * answer "not found" without telling which.
 */
export async function findDocumentById(
  db: Executor,
  identity: Identity | DossierCaller,
  documentId: string,
): Promise<DocumentRow | undefined> {
  return (await findDocumentAccess(db, identity, documentId))?.document;
}

/**
 * The documents of `ids` the identity may read (as findDocumentById), in no
 * particular order; ids it may not read are left out, so a caller compares
 * counts to answer "not found".
 */
export async function findReadableDocuments(
  db: Executor,
  identity: Identity | DossierCaller,
  ids: readonly string[],
): Promise<DocumentRow[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!identity.organizationId || wanted.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, wanted), readableDocumentsCondition(identity)));
}

/** Like findDocumentById, by the key of the document's original bytes. */
export async function findDocumentByStorageId(
  db: Executor,
  identity: Identity | DossierCaller,
  storageId: string,
): Promise<DocumentRow | undefined> {
  if (!identity.organizationId || storageId.length > 512) return undefined;
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.storageId, storageId), readableDocumentsCondition(identity)));
  return rows[0];
}

/**
 * Whether the identity may put documents into the folder: it exists in their
 * organization and they may edit it (their own, or shared with them as
 * editor). A folder they may only view, or not see at all, is refused.
 */
export async function folderInOrganization(
  db: Executor,
  identity: Identity | DossierCaller,
  folderId: string,
): Promise<boolean> {
  const found = await findFolderAccess(db, identity, folderId);
  return found !== undefined && found.rank >= 2;
}
