import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { dossierFavorites, dossierShares } from "../db/schema.ts";

/**
 * Remove the shares and favorites of folders or documents that are being
 * deleted (entity ids are not foreign keys: one column names either kind).
 * `ids` may be a subquery, so a whole subtree goes in one statement.
 */
export async function forgetEntities(
  db: Executor,
  entityType: "folder" | "document",
  ids: string[] | SQLWrapper,
): Promise<void> {
  if (Array.isArray(ids) && ids.length === 0) return;
  await db
    .delete(dossierShares)
    .where(and(eq(dossierShares.entityType, entityType), inArray(dossierShares.entityId, ids)));
  await db
    .delete(dossierFavorites)
    .where(
      and(eq(dossierFavorites.entityType, entityType), inArray(dossierFavorites.entityId, ids)),
    );
}
