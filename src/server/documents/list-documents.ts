import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { DocumentFilters, DocumentSummary } from "#shared/schemas/dossier.ts";
import type { BatchedResults, SharedResults } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import {
  type DossierCaller,
  documentRankSql,
  findFolderAccess,
  folderRankByIdSql,
  folderReadableSql,
  isFavoriteSql,
  ownerNameSql,
  type RankCaller,
  requireFolderAccess,
} from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import {
  dependOnFolderPage,
  dependOnFolderRows,
  dependOnMemberPart,
} from "../realtime/live-dependencies.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { documentFiltersSql, folderScopeSql } from "./document-filters.ts";
import {
  documentSummaryColumns,
  documentSummaryColumnsFor,
  documentSummaryView,
} from "./document-view.ts";

export interface ListDocumentsOptions {
  db: Executor;
  caller: DossierCaller;
  /** null: the top level of the caller's own dossier. */
  folderId: string | null;
  numItems: number;
  cursor: string | null;
  /** SPEC 3's filters (decision 031); `includeSubfolders` (default false) lists the subtree. */
  filters?: Omit<DocumentFilters, "folderId">;
  /** A sortable column and direction; null or absent: newest first. */
  sort?: Sort | null;
  /** Inside a live query: the folder's page is shared with the other members (see below). */
  shared?: SharedResults;
  /** Inside a live query: each member's part is read with the others' (see memberParts). */
  batched?: BatchedResults;
}

export interface DocumentPage {
  page: DocumentSummary[];
  isDone: boolean;
  continueCursor: string;
}

/** UTC text with microseconds: the cursor's exact copy of created_at. */
const createdAtText = sql<string>`to_char(${documents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * One page of a folder's documents, newest first. Keyset pagination on
 * (created_at, id) walks documents_org_folder_created_idx from the cursor, so
 * a deep page costs what the first one does, in a folder of any size. The
 * ORDER BY spells out the index exactly: its leading columns (with
 * `folder_id IS NULL` PostgreSQL only uses the index's order when told so) and
 * its NULLS LAST (plain DESC means NULLS FIRST, which the index cannot give).
 */
export async function listDocuments(options: ListDocumentsOptions): Promise<DocumentPage> {
  const { db, caller, folderId, numItems } = options;
  if (options.sort || options.filters?.includeSubfolders) return listSortedDocuments(options);
  const organizationId = caller.organizationId;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (folderId !== null && !isUuid(folderId)) throw notFound("Folder");
  if (!organizationId) {
    if (folderId !== null) throw notFound("Folder");
    return { page: [], isDone: true, continueCursor: options.cursor ?? "" };
  }
  // Everything inside a folder the caller may read is readable by them
  // (dossier/access.ts); the top level is the caller's own documents.
  if (folderId !== null && options.shared) {
    return listSharedFolderPage(options, organizationId, folderId, after);
  }
  if (folderId !== null) await requireFolderAccess(db, caller, folderId, "read");

  const rows = await db
    .select({ ...documentSummaryColumnsFor(caller), cursorAt: createdAtText })
    .from(documents)
    .where(
      newestFirstPage(
        organizationId,
        folderId === null
          ? and(isNull(documents.folderId), eq(documents.ownerId, caller.userId))
          : eq(documents.folderId, folderId),
        options.filters,
        after,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(numItems + 1);

  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(documentSummaryView),
    isDone,
    continueCursor: last
      ? encodeCursor({ createdAt: last.cursorAt, id: last.id })
      : (options.cursor ?? ""),
  };
}

type Cursor = ReturnType<typeof decodeCursor>;

/** The rows of one newest-first page: the organization, where they are, the filters, after the cursor. */
function newestFirstPage(
  organizationId: string,
  where: SQL | undefined,
  filters: ListDocumentsOptions["filters"],
  after: Cursor | undefined,
): SQL | undefined {
  return and(
    eq(documents.organizationId, organizationId),
    where,
    documentFiltersSql(filters),
    after
      ? sql`(${documents.createdAt}, ${documents.id}) < ((${after.createdAt}::timestamp at time zone 'UTC'), ${after.id}::uuid)`
      : undefined,
  );
}

/** documents_org_folder_created_idx's order, spelled out (see listDocuments). */
const NEWEST_FIRST = [
  documents.organizationId,
  documents.folderId,
  sql`${documents.createdAt} desc nulls last`,
  sql`${documents.id} desc nulls last`,
] as const;

/**
 * A folder's page inside a live query (decision 034): the rows without the caller's columns
 * are one sub-result shared by every member's live group on this instance (they depend on
 * the folder, page and filters only); each member's own part — their rank and star for
 * those ids and their access to the folder, with the same SQL as every listing
 * (dossier/access.ts) — is read in one statement for every member waiting on the same page
 * (`ctx.batched`, see memberParts). Same answer as the path above.
 */
async function listSharedFolderPage(
  options: ListDocumentsOptions,
  organizationId: string,
  folderId: string,
  after: Cursor | undefined,
): Promise<DocumentPage> {
  const { db, caller, numItems } = options;
  const key = `documents.list\u0000${organizationId}\u0000${folderId}\u0000${numItems}\u0000${options.cursor ?? ""}\u0000${JSON.stringify(options.filters ?? null)}`;
  // What a change must touch to alter this page (live-dependencies.ts): the folder's documents,
  // the folder and its ancestors, the shown rows' owners; shares stay the organization's.
  await dependOnFolderPage(options.shared!, db, organizationId, folderId);
  const rows = await options.shared!(key, async () => {
    const found = await db
      .select({
        ...documentSummaryColumns,
        ownerName: ownerNameSql(documents),
        cursorAt: createdAtText,
      })
      .from(documents)
      .where(
        newestFirstPage(organizationId, eq(documents.folderId, folderId), options.filters, after),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(numItems + 1);
    dependOnFolderRows(folderId, found);
    return found;
  });
  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const input: MemberInput = { userId: caller.userId, ids: shown.map((row) => row.id) };
  // Members of one folder's pages share a batch: the statement depends on the folder only.
  const read = (inputs: MemberInput[]) => memberParts(db, organizationId, folderId, inputs);
  const batched = options.batched;
  // The member's part is kept for their next run while nothing it is computed from changes
  // (decision 034, "Members' parts kept"): a rename or a tag re-reads the shared rows only.
  const mine = batched
    ? await options.shared!(
        `documents.list.member\u0000${caller.userId.toLowerCase()}\u0000${folderId}\u0000${input.ids.join(",")}`,
        async () => {
          const member = { userId: caller.userId, organizationId };
          await dependOnMemberPart(options.shared!, db, member, folderId, input.ids);
          return batched(`documents.list.member\u0000${folderId}`, input, read);
        },
      )
    : (await read([input]))[0]!;
  if (!mine.readable) throw notFound("Folder");
  const page: DocumentSummary[] = [];
  for (const row of shown) {
    const own = mine.rows.get(row.id);
    // Gone since the shared page was read: its change runs this query again.
    if (!own || own.rank < 1) continue;
    page.push(documentSummaryView({ ...row, rank: own.rank, isFavorite: own.isFavorite }));
  }
  const last = shown.at(-1);
  return {
    page,
    isDone,
    continueCursor: last
      ? encodeCursor({ createdAt: last.cursorAt, id: last.id })
      : (options.cursor ?? ""),
  };
}

/** One member's part of a shared folder page: who, and the page's ids. */
interface MemberInput {
  userId: string;
  ids: string[];
}

/** Whether the member may read the folder, and their rank and star on each of their ids. */
interface MemberPart {
  readable: boolean;
  rows: Map<string, { rank: number; isFavorite: boolean }>;
}

/**
 * The members' parts of a folder's pages, in the order of `inputs`. One member: the statement
 * of a plain listing's columns (their rank and star for the page's ids, the folder check once
 * for the statement; the check alone when no row carries it). Several: ONE statement for all
 * of them, the members as an unnest of their ids, each with their folder check, joined to
 * every id any of them shows — the rank, star and folder SQL of dossier/access.ts taking the
 * member's id as an SQL expression (RankCaller), so the rules stay written once. A member gets
 * only their own rows, for their own ids.
 */
export async function memberParts(
  db: Executor,
  organizationId: string,
  folderId: string,
  inputs: MemberInput[],
): Promise<MemberPart[]> {
  if (inputs.length === 1) {
    const { userId, ids } = inputs[0]!;
    const caller = { userId, organizationId };
    const rows =
      ids.length === 0
        ? []
        : await db
            .select({
              id: documents.id,
              rank: documentRankSql(caller).mapWith(Number),
              isFavorite: isFavoriteSql(caller, documents).mapWith(Boolean),
              // Computed once for the statement (it does not depend on the row).
              readable: folderReadableSql(caller, sql`${folderId}::uuid`, organizationId).mapWith(
                Boolean,
              ),
            })
            .from(documents)
            .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)));
    // No row to carry the check (an empty page, or its rows gone since): the check alone.
    const readable =
      rows.length === 0
        ? (await findFolderAccess(db, caller, folderId)) !== undefined
        : rows[0]!.readable;
    const own = rows.map(({ id, rank, isFavorite }) => [id, { rank, isFavorite }] as const);
    return [{ readable, rows: new Map(own) }];
  }
  const userIds = [...new Set(inputs.map((input) => input.userId.toLowerCase()))];
  const ids = [...new Set(inputs.flatMap((input) => input.ids))];
  const member: RankCaller = { userId: sql`m.user_id` };
  // Each member's folder check and rank on the folder once (in `m`, which `offset 0` keeps from
  // being folded into the join: the check was computed once per member and id), then their rank
  // (the folder's rank standing for the walk up its ancestors on the rows still in it) and star
  // on every id; a member with no id to join (an empty page, or its rows gone) still has their
  // row, for the check. The members and the ids are two array parameters, so the statement's
  // text is the same for every batch: named (`.prepare`), PostgreSQL parses and plans it once
  // per connection instead of on every call (decision 034, "Where a push's time goes").
  const m = sql`(select u.user_id,
        ${folderReadableSql({ userId: sql`u.user_id` }, sql`${folderId}::uuid`, organizationId)} as readable,
        ${folderRankByIdSql({ userId: sql`u.user_id` }, sql`${folderId}::uuid`)} as folder_rank
      from unnest(${uuidArray(userIds)}::uuid[]) as u(user_id) offset 0) m`;
  const result = await db
    .select({
      userId: sql<string>`m.user_id::text`,
      readable: sql<boolean>`m.readable`,
      id: sql<string | null>`${sql.raw('"documents"."id"')}::text`,
      rank: sql<
        number | null
      >`${documentRankSql(member, { folderId: sql`${folderId}::uuid`, rank: sql`m.folder_rank` })}::int`,
      isFavorite: sql<boolean | null>`${isFavoriteSql(member, documents)}`,
    })
    .from(m)
    .leftJoin(
      documents,
      sql`${sql.raw('"documents"."organization_id"')} = ${organizationId} and ${sql.raw('"documents"."id"')} = any(${uuidArray(ids)}::uuid[])`,
    )
    .prepare("live_member_parts")
    .execute();
  const parts = new Map<string, MemberPart>();
  for (const raw of result) {
    const row = raw as {
      userId: string;
      readable: boolean;
      id: string | null;
      rank: number | null;
      isFavorite: boolean | null;
    };
    const part = parts.get(row.userId) ?? { readable: Boolean(row.readable), rows: new Map() };
    parts.set(row.userId, part);
    if (row.id)
      part.rows.set(row.id, { rank: Number(row.rank), isFavorite: Boolean(row.isFavorite) });
  }
  return inputs.map(({ userId, ids: own }) => {
    const part = parts.get(userId.toLowerCase());
    const rows = new Map<string, { rank: number; isFavorite: boolean }>();
    for (const id of own) {
      const found = part?.rows.get(id);
      if (found) rows.set(id, found);
    }
    return { readable: part?.readable ?? false, rows };
  });
}

/**
 * Ids as one PostgreSQL array literal, sent as a single parameter (the statement's text does not
 * depend on how many there are). Only uuids can be in it: anything else is refused.
 */
function uuidArray(values: string[]): string {
  for (const value of values)
    if (!isUuid(value)) throw new Error("a batched member part got an id that is not a uuid");
  return `{${values.join(",")}}`;
}

/** How each sortable column is keyed (decision 031): an index per key, then id. */
interface SortKey {
  /** The key as stored: compared in SQL, and as text in the cursor. */
  expression: SQL;
  /** The cursor's text back to the key's type. */
  fromText: (text: string) => SQL;
  /** The key as cursor text. */
  asText: SQL<string | null>;
}

const SORT_KEYS: Record<Exclude<Sort["field"], "primaryTagName">, SortKey> = {
  name: {
    expression: sql`(lower(${documents.name}) collate "C")`,
    fromText: (text) => sql`(${text}::text collate "C")`,
    asText: sql<string>`lower(${documents.name})`,
  },
  fileType: {
    expression: sql`(${documents.fileType} collate "C")`,
    fromText: (text) => sql`(${text}::text collate "C")`,
    asText: sql<string>`${documents.fileType}`,
  },
  size: {
    expression: sql`${documents.size}`,
    fromText: (text) => sql`${text}::bigint`,
    asText: sql<string>`${documents.size}::text`,
  },
  _creationTime: {
    expression: sql`${documents.createdAt}`,
    fromText: (text) => sql`(${text}::timestamp at time zone 'UTC')`,
    asText: createdAtText,
  },
};
const TAG_KEY = sql`(lower(${documents.primaryTagName}) collate "C")`;
const TAG_MISSING = sql`(${documents.primaryTagName} is null)`;

interface SortCursor {
  field: Sort["field"] | "none";
  direction: Sort["direction"];
  /** The last row's key as text; null for a document without a type. */
  key: string | null;
  id: string;
}

function encodeSortCursor(cursor: SortCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

function decodeSortCursor(
  value: string,
  field: SortCursor["field"],
  direction: string,
): SortCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const cursor = parsed as Partial<SortCursor> | undefined;
  if (
    !cursor ||
    cursor.field !== field ||
    cursor.direction !== direction ||
    !(cursor.key === null || (typeof cursor.key === "string" && cursor.key.length <= 1000)) ||
    typeof cursor.id !== "string" ||
    !isUuid(cursor.id) ||
    (field === "size" && cursor.key !== null && !/^\d{1,19}$/.test(cursor.key)) ||
    (field === "_creationTime" &&
      !/^\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(cursor.key ?? ""))
  ) {
    throw new AppError(
      "INVALID_ARGS",
      "This page of the list is no longer valid. Reload the list and try again.",
      { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
    );
  }
  return cursor as SortCursor;
}

/**
 * A page of documents in a chosen order, or of a folder with its subfolders:
 * keyset pagination on (key, id) along the sort's index, so the 1,000th page
 * of a folder of 100,000 costs what the first does. Documents without a type
 * (primaryTagName) come last whichever the direction.
 */
async function listSortedDocuments(options: ListDocumentsOptions): Promise<DocumentPage> {
  const { db, caller, folderId, numItems } = options;
  const organizationId = caller.organizationId;
  const sort: Sort = options.sort ?? { field: "_creationTime", direction: "desc" };
  const field: SortCursor["field"] = options.sort ? sort.field : "none";
  if (folderId !== null && !isUuid(folderId)) throw notFound("Folder");
  if (!organizationId) {
    if (folderId !== null) throw notFound("Folder");
    return { page: [], isDone: true, continueCursor: options.cursor ?? "" };
  }
  const after = options.cursor
    ? decodeSortCursor(options.cursor, field, sort.direction)
    : undefined;
  const place =
    folderId === null
      ? and(isNull(documents.folderId), eq(documents.ownerId, caller.userId))
      : await folderScopeSql(db, caller, folderId, options.filters?.includeSubfolders ?? false);

  const desc = sort.direction === "desc";
  const op = desc ? sql`<` : sql`>`;
  const dir = desc ? sql`desc` : sql`asc`;
  let keyset: SQL | undefined;
  let order: SQL[];
  let keyText: SQL<string | null>;
  if (sort.field === "primaryTagName") {
    keyText = sql<string | null>`lower(${documents.primaryTagName})`;
    order = [sql`${TAG_MISSING} asc`, sql`${TAG_KEY} ${dir}`, sql`${documents.id} ${dir}`];
    if (after) {
      keyset =
        after.key === null
          ? sql`(${TAG_MISSING} and ${documents.id} ${op} ${after.id}::uuid)`
          : sql`(${TAG_MISSING} or (${TAG_KEY}, ${documents.id}) ${op} ((${after.key}::text collate "C"), ${after.id}::uuid))`;
    }
  } else {
    const key = SORT_KEYS[sort.field];
    keyText = key.asText;
    order = [sql`${key.expression} ${dir}`, sql`${documents.id} ${dir}`];
    if (after) {
      keyset = sql`(${key.expression}, ${documents.id}) ${op} (${key.fromText(after.key ?? "")}, ${after.id}::uuid)`;
    }
  }

  const rows = await db
    .select({ ...documentSummaryColumnsFor(caller), sortKey: keyText })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        place,
        documentFiltersSql(options.filters),
        keyset,
      ),
    )
    // One folder: the index's leading columns spelt out (folder_id IS NULL needs it); a subtree
    // spans folders, so only the key orders it.
    .orderBy(
      ...(options.filters?.includeSubfolders && folderId !== null
        ? order
        : [sql`${documents.organizationId}`, sql`${documents.folderId}`, ...order]),
    )
    .limit(numItems + 1);

  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(documentSummaryView),
    isDone,
    continueCursor: last
      ? encodeSortCursor({ field, direction: sort.direction, key: last.sortKey, id: last.id })
      : (options.cursor ?? ""),
  };
}
