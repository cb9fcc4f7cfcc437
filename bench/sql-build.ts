import { parseArgs } from "node:util";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { documents, folders } from "../src/server/db/schema.ts";
import {
  documentSummaryColumns,
  documentSummaryColumnsFor,
} from "../src/server/documents/document-view.ts";
import {
  documentRankSql,
  folderAccessColumns,
  folderRankSql,
  folderReadableSql,
  folderTreeRanksSql,
  isFavoriteSql,
  readableDocumentsCondition,
} from "../src/server/dossier/access.ts";
import { ms, table } from "./support/stats.ts";

/**
 * What building a statement's text costs in the server's process, without a database (decision
 * 037): the statements the dossier's listings and checks send most (the same select lists,
 * access columns and conditions as list-documents.ts, document-queries.ts and access.ts),
 * built and rendered to text with drizzle's `toSQL()`, as every call does before it reaches the
 * driver. Microseconds per statement, after a warm-up. Usage:
 *   node bench/sql-build.ts [--iterations 20000]
 */

const { values } = parseArgs({ options: { iterations: { type: "string", default: "20000" } } });
const iterations = Number(values.iterations);
if (!Number.isInteger(iterations) || iterations < 100)
  throw new Error("--iterations: at least 100");

const db = drizzle.mock();
const dialect = new PgDialect();
const caller = {
  userId: "3f1e0c1a-1111-4111-8111-111111111111",
  organizationId: "3f1e0c1a-2222-4111-8111-111111111111",
};
const folderId = "3f1e0c1a-3333-4111-8111-111111111111";
const ids = ["3f1e0c1a-4444-4111-8111-111111111111", "3f1e0c1a-5555-4111-8111-111111111111"];

/** A folder's first page (documents.list) with the given select list. */
const folderPage = (columns: typeof documentSummaryColumns) =>
  db
    .select(columns)
    .from(documents)
    .where(
      and(eq(documents.organizationId, caller.organizationId), eq(documents.folderId, folderId)),
    )
    .limit(51)
    .toSQL();

const cases: [string, () => { sql: string; params: unknown[] }][] = [
  ["a folder's page, plain columns (no access SQL)", () => folderPage(documentSummaryColumns)],
  [
    "a folder's page with rank, owner and star",
    () => folderPage(documentSummaryColumnsFor(caller)),
  ],
  [
    "a member's part of a page",
    () =>
      db
        .select({
          id: documents.id,
          rank: documentRankSql(caller).mapWith(Number),
          isFavorite: isFavoriteSql(caller, documents).mapWith(Boolean),
          readable: folderReadableSql(caller, sql`${folderId}::uuid`, caller.organizationId),
        })
        .from(documents)
        .where(and(eq(documents.organizationId, caller.organizationId), inArray(documents.id, ids)))
        .toSQL(),
  ],
  [
    "one document (documents.get)",
    () =>
      db
        .select({
          ...documentSummaryColumnsFor(caller),
          folderPath: folders.path,
          folderRank: folderRankSql(caller).mapWith(Number),
        })
        .from(documents)
        .leftJoin(folders, eq(folders.id, documents.folderId))
        .where(and(eq(documents.id, ids[0]!), readableDocumentsCondition(caller)))
        .toSQL(),
  ],
  [
    "a folder's access check (findFolderAccess)",
    () =>
      db
        .select({ folder: folders, rank: folderRankSql(caller).mapWith(Number) })
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.organizationId, caller.organizationId)))
        .toSQL(),
  ],
  [
    "top-level folders with access columns",
    () =>
      db
        .select({ id: folders.id, name: folders.name, ...folderAccessColumns(caller) })
        .from(folders)
        .where(and(eq(folders.organizationId, caller.organizationId), isNull(folders.parentId)))
        .toSQL(),
  ],
  [
    "the folder tree's ranks (folders.getAll)",
    () => dialect.sqlToQuery(folderTreeRanksSql(caller, caller.organizationId)),
  ],
];

const rows: string[][] = [];
for (const [name, build] of cases) {
  for (let i = 0; i < Math.min(2000, iterations); i++) build();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) build();
  const micros = ((performance.now() - start) / iterations) * 1000;
  const { sql: text, params } = build();
  rows.push([name, ms(micros), String(text.length), String(params.length)]);
}
console.log(table(["statement", "µs to build", "characters", "parameters"], rows));
