import { and, eq, getTableColumns, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { AppError, forbidden, notFound } from "#shared/errors.ts";
import type { DossierRole } from "#shared/schemas/dossier.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { frozenSql } from "../db/frozen-sql.ts";
import { documents, dossierFavorites, dossierShares, folders, users } from "../db/schema.ts";
import { MAX_FOLDER_DEPTH } from "../folders/slugs.ts";
import { isUuid } from "../ids.ts";

/**
 * Who may touch which dossier rows: the one place that decides it (decision
 * 023). A folder or document belongs to its owner and is private to them
 * until shared. A share (dossier_shares) gives one member, or the whole
 * organization, `viewer` or `editor` on a folder or a document; a grant on a
 * folder covers everything beneath it, found by slug path (a folder's `path`
 * starts with each ancestor's path and "/"), so what is added later is
 * covered too. The owner of a folder may also change and delete everything
 * inside it. Organization admins have no special read access.
 *
 * Access is a rank, computed in SQL for every row a query returns:
 *   4 own     the caller owns the row: everything, including share and delete
 *   3 manage  the caller owns a folder above it: read, change, delete
 *   2 edit    an editor grant: read, rename, move in the tree, upload into
 *   1 read    a viewer grant: read, download, attach to a chat
 *   0         nothing: "not found", exactly like a missing id
 */

export type DossierCaller = Pick<Identity, "userId" | "organizationId">;
/** Whom a rank is computed for: a user id, or a placeholder of a prepared statement. */
export interface RankCaller {
  userId: string | SQLWrapper;
}
export type AccessLevel = "read" | "edit" | "delete" | "own";

const LEVEL_RANK: Record<AccessLevel, number> = { read: 1, edit: 2, delete: 3, own: 4 };

/** The role a rank shows in the UI. */
export function roleOfRank(rank: number): DossierRole | null {
  if (rank >= 4) return "owner";
  if (rank >= 2) return "editor";
  if (rank >= 1) return "viewer";
  return null;
}

/**
 * A column named with its table, always: drizzle leaves columns unqualified in
 * the select list of a one-table query, where inside these subqueries they
 * would name the subquery's own table instead.
 */
const q = (table: "documents" | "folders", column: string) => sql.raw(`"${table}"."${column}"`);
const tableName = (table: typeof folders | typeof documents) =>
  table === folders ? "folders" : "documents";

/**
 * The folders at or above `path` in `organization` — the folder itself and each ancestor — as
 * the rows of `alias`: one probe of the unique (organization_id, path) index per level of
 * `path` ("a", "a/b", "a/b/c" for "a/b/c"), so the cost follows the folder's depth and never
 * the number of folders in the organization (a scan of every folder of the organization with a
 * prefix test per row made folders.getAll quadratic in the folder count: decision 034,
 * "PostgreSQL's share"). Paths are slugs joined by "/", never empty segments (slugs.ts).
 */
const foldersAtOrAbove = (alias: string, path: SQL, organization: SQL) => {
  const a = sql.raw(alias);
  const level = sql.raw(`${alias}_lvl`);
  const row = sql.raw(`${alias}_row`);
  // Each level is a LATERAL subquery with LIMIT, which cannot be flattened into a join: an index
  // probe whatever the statistics say (as a plain join, a table without statistics was planned
  // as "every folder of the organization owned by the caller, then the levels": the scan this
  // replaces). The levels run over a constant series (MAX_FOLDER_DEPTH, which create and move
  // enforce), so the planner knows there are a few: over `generate_series(1, depth)` it assumed
  // 1,000 a row, and the estimated cost of a statement over a page or a tree crossed
  // PostgreSQL's JIT threshold, compiling for hundreds of milliseconds on every call.
  const found = sql.raw(`${alias}_x`);
  return sql`(select ${found}.id, ${found}.owner_id
    from generate_series(1, ${sql.raw(String(MAX_FOLDER_DEPTH))}) ${level}(n)
    cross join lateral (select ${row}.id, ${row}.owner_id from ${folders} ${row}
      where ${row}.organization_id = ${organization}
        and ${row}.path = array_to_string((string_to_array(${path}, '/'))[1:${level}.n], '/')
      limit 1) ${found}
    where ${level}.n <= array_length(string_to_array(${path}, '/'), 1)) ${a}`;
};

const granteeIsCaller = (caller: RankCaller, alias: string) =>
  sql`(${sql.raw(alias)}.grantee_user_id = ${caller.userId} or ${sql.raw(alias)}.grantee_user_id is null)`;

const grantRank = (alias: string) =>
  sql`max(case when ${sql.raw(alias)}.role = 'editor' then 2 else 1 end)`;

/**
 * A folder's rank from the three facts it is made of — the caller owns the folder; the caller
 * owns it or a folder above it; the best grant (2 editor, 1 viewer, 0 none) on it or a folder
 * above it — written once for the two ways they are found (per row, and for a whole tree).
 */
const folderRankFrom = (ownsIt: SQL, ownsAtOrAbove: SQL, bestGrant: SQL) =>
  sql<number>`(case when ${ownsIt} then 4 when ${ownsAtOrAbove} then 3 else ${bestGrant} end)`;

/**
 * The rank of the folder whose owner, path and organization are the given
 * column expressions (the row being selected, or a correlated alias).
 */
function folderRankOf(caller: RankCaller, owner: SQL, path: SQL, organization: SQL): SQL<number> {
  return folderRankFrom(
    sql`${owner} = ${caller.userId}`,
    sql`exists (select 1 from ${foldersAtOrAbove("anc_o", path, organization)}
      where anc_o.owner_id = ${caller.userId})`,
    sql`coalesce((select ${grantRank("sh_f")} from ${foldersAtOrAbove("anc_g", path, organization)}
      join ${dossierShares} sh_f on sh_f.entity_type = 'folder' and sh_f.entity_id = anc_g.id
      where sh_f.organization_id = ${organization} and ${granteeIsCaller(caller, "sh_f")}), 0)`,
  );
}

const FOLDER_COLUMNS = Object.values(getTableColumns(folders)).map((column) => column.name);
const folderColumns = (alias: string) =>
  sql.raw(FOLDER_COLUMNS.map((name) => `${alias}."${name}"`).join(", "));

/**
 * Every folder of `organizationId` with the caller's rank on it (`rank`, 0 for none), computed
 * in one pass down the tree instead of a walk up the ancestors of each folder (folderRankSql,
 * which stays for single rows; the per-folder walks were folders.getAll's cost: decision 034,
 * "Folder ranks in one pass"). The same rule (folderRankFrom) on the same facts, found the
 * other way round:
 *   - the caller's folder grants in the organization (theirs and the organization's) are read
 *     once and kept by folder, the best role of each;
 *   - a recursive walk starts at the organization's top-level folders and goes down to each
 *     folder's children (the (organization_id, parent_id) index), carrying "the caller owns this
 *     folder or one above it" and "the best grant on this folder or one above it".
 * A folder's parents by `parent_id` are exactly the folders at the prefixes of its path
 * (create, move and rename keep the two in step, in one transaction under the tree's lock), so
 * both forms answer the same (tests/integration/folder-tree-ranks.test.ts checks it on random
 * trees). Each folder is visited once, from its parent: a folder not reachable from a top-level
 * one (which none is) would get no row, so no access. A query whose rows are the
 * organization's folders, every column of `folders`, and `rank`.
 */
export function folderTreeRanksSql(caller: RankCaller, organizationId: string): SQL {
  return folderTreeRanks(caller.userId, organizationId);
}

const folderTreeRanks = frozenSql((userId: SQL, organizationId: SQL): SQL => {
  const caller = { userId };
  const owns = (table: string) =>
    sql`coalesce(${sql.raw(table)}.owner_id = ${caller.userId}, false)`;
  return sql`with recursive tree_grant as (
      select sh_t.entity_id, ${grantRank("sh_t")} as rank from ${dossierShares} sh_t
      where sh_t.organization_id = ${organizationId} and sh_t.entity_type = 'folder'
        and ${granteeIsCaller(caller, "sh_t")}
      group by sh_t.entity_id
    ), tree as (
      select ${folderColumns("top_f")}, ${owns("top_f")} as owns_at_or_above,
        coalesce(top_g.rank, 0) as best_grant
      from ${folders} top_f left join tree_grant top_g on top_g.entity_id = top_f.id
      where top_f.organization_id = ${organizationId} and top_f.parent_id is null
      union all
      select ${folderColumns("child_f")}, tree.owns_at_or_above or ${owns("child_f")},
        greatest(tree.best_grant, coalesce(child_g.rank, 0))
      from tree
      join ${folders} child_f on child_f.organization_id = ${organizationId} and child_f.parent_id = tree.id
      left join tree_grant child_g on child_g.entity_id = child_f.id
    )
    select ${folderColumns("tree")}, ${folderRankFrom(
      sql`tree.owner_id = ${caller.userId}`,
      sql`tree.owns_at_or_above`,
      sql`tree.best_grant`,
    )} as rank from tree`;
});

/*
 * The fragments every listing puts in its statements, each rendered once (frozenSql, decision
 * 037): built from the templates above on every call, they were 60–70 % of a listing's build time.
 */
/** The rank on each row of `folders` (not aliased). */
const folderRowRankTemplate = (userId: SQL) =>
  folderRankOf(
    { userId },
    q("folders", "owner_id"),
    q("folders", "path"),
    q("folders", "organization_id"),
  );
const folderRankOfRow = frozenSql((userId: SQL) => folderRowRankTemplate(userId));
const documentRankTemplate = (userId: SQL, knownFolder?: { folderId: SQL; rank: SQL }) => {
  const caller = { userId };
  const parentRank = folderRankOf(
    caller,
    sql`parent_f.owner_id`,
    sql`parent_f.path`,
    sql`parent_f.organization_id`,
  );
  const viaParent = sql`coalesce((select least(${parentRank}, 3) from ${folders} parent_f
        where parent_f.id = ${q("documents", "folder_id")}), 0)`;
  const fromFolder = knownFolder
    ? sql`(case when ${q("documents", "folder_id")} = ${knownFolder.folderId}
        then least(${knownFolder.rank}, 3) else ${viaParent} end)`
    : viaParent;
  return sql<number>`(case
    when ${q("documents", "owner_id")} = ${userId} then 4
    else greatest(
      coalesce((select ${grantRank("sh_d")} from ${dossierShares} sh_d
        where sh_d.entity_type = 'document' and sh_d.entity_id = ${q("documents", "id")}
          and sh_d.organization_id = ${q("documents", "organization_id")}
          and ${granteeIsCaller(caller, "sh_d")}), 0),
      ${fromFolder})
  end)`;
};
const documentRankOfRow = frozenSql((userId: SQL) => documentRankTemplate(userId));
const documentRankInFolder = frozenSql((userId: SQL, folderId: SQL, rank: SQL) =>
  documentRankTemplate(userId, { folderId, rank }),
);
const folderRankTemplate = (userId: SQL) =>
  folderRankOf({ userId }, sql`up_f.owner_id`, sql`up_f.path`, sql`up_f.organization_id`);
const folderRankById = frozenSql(
  (userId: SQL, folderId: SQL) =>
    sql<number>`coalesce((select ${folderRankTemplate(userId)} from ${folders} up_f where up_f.id = ${folderId}), 0)`,
);
/** Whether the folder `folderId` (of `organizationId`, when given) is readable. */
const folderReadableTemplate = (userId: SQL, folderId: SQL, organizationId?: SQL) => {
  const inOrganization = organizationId
    ? sql` and up_f.organization_id = ${organizationId}`
    : sql``;
  return sql<boolean>`(coalesce((select ${folderRankTemplate(userId)} from ${folders} up_f where up_f.id = ${folderId}${inOrganization}), 0) >= 1)`;
};
const folderReadableById = frozenSql((userId: SQL, folderId: SQL) =>
  folderReadableTemplate(userId, folderId),
);
const folderReadableByIdIn = frozenSql((userId: SQL, folderId: SQL, organizationId: SQL) =>
  folderReadableTemplate(userId, folderId, organizationId),
);
const readableDocuments = frozenSql(
  (organizationId: SQL, userId: SQL) =>
    sql`(${q("documents", "organization_id")} = ${organizationId} and ${documentRankTemplate(userId)} >= 1)`,
);
const documentReadableById = frozenSql(
  (userId: SQL, documentId: SQL) =>
    sql<boolean>`exists (select 1 from ${documents} where ${q("documents", "id")} = ${documentId}
    and ${documentRankTemplate(userId)} >= 1)`,
);
const readableFolders = frozenSql(
  (organizationId: SQL, userId: SQL) =>
    sql`(${q("folders", "organization_id")} = ${organizationId} and ${folderRowRankTemplate(userId)} >= 1)`,
);
const ownerNameTemplate = (table: "folders" | "documents") =>
  frozenSql(
    () =>
      sql<
        string | null
      >`(select nullif(trim(own_u.first_name || ' ' || own_u.last_name), '') from ${users} own_u where own_u.id = ${q(table, "owner_id")})`,
  );
const OWNER_NAME = {
  folders: ownerNameTemplate("folders"),
  documents: ownerNameTemplate("documents"),
};
const favoriteTemplate = (table: "folders" | "documents") =>
  frozenSql(
    (userId: SQL) =>
      sql<boolean>`exists (select 1 from ${dossierFavorites} fav
    where fav.user_id = ${userId} and fav.entity_type = ${sql.raw(table === "folders" ? "'folder'" : "'document'")} and fav.entity_id = ${q(table, "id")})`,
  );
const FAVORITE = { folders: favoriteTemplate("folders"), documents: favoriteTemplate("documents") };

/** The caller's rank on each row of `folders` (not aliased). */
export function folderRankSql(caller: RankCaller): SQL<number> {
  return folderRankOfRow(caller.userId);
}

/**
 * The caller's rank on each row of `documents` (not aliased). `knownFolder`: the caller's rank
 * on one folder, already computed (folderRankByIdSql) — used for the rows in that folder
 * instead of walking the folder's ancestors again for every row (documents.list's members'
 * part, where every row of a page is in the listed folder: decision 034, "PostgreSQL's share").
 */
export function documentRankSql(
  caller: RankCaller,
  knownFolder?: { folderId: SQL; rank: SQL },
): SQL<number> {
  return knownFolder
    ? documentRankInFolder(caller.userId, knownFolder.folderId, knownFolder.rank)
    : documentRankOfRow(caller.userId);
}

/** The caller's rank on the folder whose id is `folderId` (0 when there is none), any organization. */
export function folderRankByIdSql(caller: RankCaller, folderId: SQL): SQL<number> {
  return folderRankById(caller.userId, folderId);
}

/**
 * Whether the caller may read the folder whose id is `folderId` (false for null), and, given
 * an organization, only a folder of that organization.
 */
export function folderReadableSql(
  caller: RankCaller,
  folderId: SQL,
  organizationId?: string,
): SQL<boolean> {
  return organizationId
    ? folderReadableByIdIn(caller.userId, folderId, organizationId)
    : folderReadableById(caller.userId, folderId);
}

/** Rows of `documents` the caller may read (in their organization); never true without one. */
export function readableDocumentsCondition(caller: DossierCaller): SQL {
  if (!caller.organizationId) return sql`false`;
  return readableDocuments(caller.organizationId, caller.userId);
}

/**
 * Whether the caller may read the document whose id is `documentId`, for raw
 * queries that alias the documents table.
 */
export function documentReadableByIdSql(caller: RankCaller, documentId: SQL): SQL<boolean> {
  return documentReadableById(caller.userId, documentId);
}

/** Rows of `folders` the caller may read (in their organization); never true without one. */
export function readableFoldersCondition(caller: DossierCaller): SQL {
  if (!caller.organizationId) return sql`false`;
  return readableFolders(caller.organizationId, caller.userId);
}

/** The owner's display name for rows of `table`. */
export function ownerNameSql(table: typeof folders | typeof documents): SQL<string | null> {
  return OWNER_NAME[tableName(table)]();
}

/** Whether the caller starred each row of `table`. */
export function isFavoriteSql(
  caller: RankCaller,
  table: typeof folders | typeof documents,
): SQL<boolean> {
  return FAVORITE[tableName(table)](caller.userId);
}

/** What every listing adds to a row: the caller's rank, the owner's name, their star. */
export function folderAccessColumns(caller: DossierCaller) {
  return {
    rank: folderRankSql(caller).mapWith(Number),
    ownerName: ownerNameSql(folders),
    isFavorite: isFavoriteSql(caller, folders).mapWith(Boolean),
  };
}

export function documentAccessColumns(caller: DossierCaller) {
  return {
    rank: documentRankSql(caller).mapWith(Number),
    ownerName: ownerNameSql(documents),
    isFavorite: isFavoriteSql(caller, documents).mapWith(Boolean),
  };
}

/** The rows a live query reads for access: favorites are the caller's own. */
export function dependOnDossierAccess(ctx: FunctionCtx): void {
  ctx.dependsOnRow("dossier_favorites", `user:${ctx.user.userId}`);
}

const FORBIDDEN_MESSAGES: Record<AccessLevel, (what: string) => string> = {
  read: (what) => `You cannot open this ${what}.`,
  edit: (what) =>
    `This ${what} was shared with you to view only. Ask its owner for editor access to change it.`,
  delete: (what) => `Only the owner of this ${what} (or of the folder it is in) can delete it.`,
  own: (what) => `Only the owner of this ${what} can do that.`,
};

function check(rank: number, level: AccessLevel, what: "folder" | "document"): void {
  if (rank < LEVEL_RANK[level]) throw forbidden(FORBIDDEN_MESSAGES[level](what));
}

export type FolderRow = typeof folders.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/** A folder with the caller's rank on it; undefined when they cannot read it (or it does not exist). */
export async function findFolderAccess(
  db: Executor,
  caller: DossierCaller,
  folderId: string,
): Promise<{ folder: FolderRow; rank: number } | undefined> {
  if (!caller.organizationId || !isUuid(folderId)) return undefined;
  const rows = await db
    .select({ folder: folders, rank: folderRankSql(caller).mapWith(Number) })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.organizationId, caller.organizationId)));
  const row = rows[0];
  return row && row.rank >= 1 ? row : undefined;
}

/** A folder the caller may act on at `level`: NOT_FOUND when unreadable, FORBIDDEN when readable only. */
export async function requireFolderAccess(
  db: Executor,
  caller: DossierCaller,
  folderId: string,
  level: AccessLevel,
): Promise<{ folder: FolderRow; rank: number }> {
  const found = await findFolderAccess(db, caller, folderId);
  if (!found) throw notFound("Folder");
  check(found.rank, level, "folder");
  return found;
}

/** A document with the caller's rank on it; undefined when they cannot read it. */
export async function findDocumentAccess(
  db: Executor,
  caller: DossierCaller,
  documentId: string,
): Promise<{ document: DocumentRow; rank: number } | undefined> {
  if (!caller.organizationId || !isUuid(documentId)) return undefined;
  const rows = await db
    .select({ document: documents, rank: documentRankSql(caller).mapWith(Number) })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, caller.organizationId)));
  const row = rows[0];
  return row && row.rank >= 1 ? row : undefined;
}

export async function requireDocumentAccess(
  db: Executor,
  caller: DossierCaller,
  documentId: string,
  level: AccessLevel,
): Promise<{ document: DocumentRow; rank: number }> {
  const found = await findDocumentAccess(db, caller, documentId);
  if (!found) throw notFound("Document");
  check(found.rank, level, "document");
  return found;
}

/**
 * Where an item may be moved or created: the caller needs edit rights on the
 * target folder, and a move must not take an item away from its owner (the
 * owner must be able to edit the target too). The top level (null) is each
 * owner's own, so only the item's owner may move it there.
 */
export async function requireMoveTarget(
  db: Executor,
  caller: DossierCaller,
  target: string | null,
  itemOwnerId: string | null,
): Promise<FolderRow | null> {
  if (target === null) {
    if (itemOwnerId !== caller.userId) {
      throw forbidden("Only the owner can move this to the top level of their dossier.");
    }
    return null;
  }
  const { folder } = await requireFolderAccess(db, caller, target, "edit");
  if (itemOwnerId && itemOwnerId !== caller.userId) {
    const owner = { userId: itemOwnerId, organizationId: caller.organizationId };
    const forOwner = await findFolderAccess(db, owner, target);
    if (!forOwner || forOwner.rank < LEVEL_RANK.edit) {
      throw forbidden(
        "This can only move within what its owner shared with you: its owner cannot reach that folder.",
      );
    }
  }
  return folder;
}

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
