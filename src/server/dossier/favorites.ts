import { and, desc, eq, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { documents, dossierFavorites, folders } from "../db/schema.ts";
import { decodeCursor, encodeCursor } from "../documents/cursor.ts";
import { documentSummaryColumnsFor, documentSummaryView } from "../documents/document-view.ts";
import { folderView } from "../folders/folder-view.ts";
import { isUuid, newId } from "../ids.ts";
import {
  type DossierCaller,
  documentRankSql,
  folderAccessColumns,
  folderRankSql,
  readableDocumentsCondition,
  readableFoldersCondition,
} from "./access.ts";

/**
 * A member's stars on folders and documents. Starring needs read access;
 * a star on something the member can no longer read stays in the table but
 * is left out of every list (and comes back if access does).
 *
 * One statement (decision 032, "PGlite request cost"): the readable row is selected in a CTE,
 * and the star is inserted (or deleted) from it; no row means "not found", as a missing id.
 */
export async function setFavorite(
  db: Executor,
  caller: DossierCaller,
  entityType: "folder" | "document",
  entityId: string,
  favorite: boolean,
): Promise<void> {
  const what = entityType === "folder" ? "Folder" : "Document";
  if (!caller.organizationId || !isUuid(entityId)) throw notFound(what);
  const target =
    entityType === "folder"
      ? sql`select "folders"."id" as id from ${folders} where "folders"."id" = ${entityId}
          and "folders"."organization_id" = ${caller.organizationId}
          and ${folderRankSql(caller)} >= 1`
      : sql`select "documents"."id" as id from ${documents} where "documents"."id" = ${entityId}
          and "documents"."organization_id" = ${caller.organizationId}
          and ${documentRankSql(caller)} >= 1`;
  const write = favorite
    ? sql`insert into ${dossierFavorites} (id, organization_id, user_id, entity_type, entity_id)
        select ${newId()}::uuid, ${caller.organizationId}::uuid, ${caller.userId}::uuid,
          ${entityType}, target.id from target
        on conflict do nothing`
    : sql`delete from ${dossierFavorites} where user_id = ${caller.userId}
        and entity_type = ${entityType} and entity_id in (select id from target)`;
  const result = await db.execute(sql`with target as (${target}), written as (${write})
    select id from target`);
  if (rowsOf(result).length === 0) throw notFound(what);
}

/** The caller's favorite folders they can still read, most recently starred first. */
export async function listFavoriteFolders(db: Executor, caller: DossierCaller): Promise<Folder[]> {
  if (!caller.organizationId) return [];
  const rows = await db
    .select({ row: folders, ...folderAccessColumns(caller) })
    .from(dossierFavorites)
    .innerJoin(folders, eq(folders.id, dossierFavorites.entityId))
    .where(
      and(
        eq(dossierFavorites.userId, caller.userId),
        eq(dossierFavorites.entityType, "folder"),
        readableFoldersCondition(caller),
      ),
    )
    .orderBy(desc(dossierFavorites.createdAt), desc(dossierFavorites.id))
    .limit(500);
  return rows.map((r) => folderView(r.row, r));
}

export interface ListFavoriteDocumentsOptions {
  db: Executor;
  caller: DossierCaller;
  numItems: number;
  cursor: string | null;
  /** Extra, larger fields to include (SPEC: the favorites page shows html content and summary). */
  fields: ReadonlyArray<"htmlContent" | "summary">;
}

const starredAtText = sql<string>`to_char(${dossierFavorites.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * One page of the caller's favorite documents they can still read, most
 * recently starred first, keyset-paged on the star's (created_at, id).
 */
export async function listFavoriteDocuments(options: ListFavoriteDocumentsOptions): Promise<{
  page: Array<DocumentSummary & { htmlContent?: string | null }>;
  isDone: boolean;
  continueCursor: string;
}> {
  const { db, caller, numItems } = options;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (!caller.organizationId) {
    return { page: [], isDone: true, continueCursor: options.cursor ?? "" };
  }
  const withHtml = options.fields.includes("htmlContent");
  const rows = await db
    .select({
      ...documentSummaryColumnsFor(caller),
      htmlContent: withHtml ? documents.htmlContent : sql<null>`null`,
      starId: dossierFavorites.id,
      starredAt: starredAtText,
    })
    .from(dossierFavorites)
    .innerJoin(documents, eq(documents.id, dossierFavorites.entityId))
    .where(
      and(
        eq(dossierFavorites.userId, caller.userId),
        eq(dossierFavorites.entityType, "document"),
        readableDocumentsCondition(caller),
        after
          ? sql`(${dossierFavorites.createdAt}, ${dossierFavorites.id}) < ((${after.createdAt}::timestamp at time zone 'UTC'), ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(dossierFavorites.createdAt), desc(dossierFavorites.id))
    .limit(numItems + 1);
  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const last = shown.at(-1);
  return {
    page: shown.map((row) => ({
      ...documentSummaryView(row),
      ...(withHtml ? { htmlContent: row.htmlContent } : {}),
    })),
    isDone,
    continueCursor: last
      ? encodeCursor({ createdAt: last.starredAt, id: last.starId })
      : (options.cursor ?? ""),
  };
}
