import { and, eq, type SQL, sql } from "drizzle-orm";
import { AppError, forbidden, notFound } from "#shared/errors.ts";
import type { TableRole } from "#shared/schemas/review-table.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { reviewTableShares, reviewTables } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

/**
 * Who may touch which review table (decision 027): the one place that decides
 * it. A table belongs to the member who created it; a share (one member, or
 * the whole organization) makes others viewers (read, export) or editors (also
 * add rows and columns, fill, cancel, correct cells, rename). Only the owner
 * removes or shares it. No access at all is "not found", as for a missing id.
 *
 * Rank: 3 owner, 2 editor, 1 viewer, 0 nothing.
 */
export type TableLevel = "read" | "edit" | "own";
const LEVEL_RANK: Record<TableLevel, number> = { read: 1, edit: 2, own: 3 };

export interface TableCaller {
  userId: string;
  organizationId: string | null;
}

/** The caller's rank on each row of review_tables (not aliased). */
export function tableRankSql(userId: string): SQL<number> {
  return sql<number>`(case
    when "review_tables"."owner_id" = ${userId} then 3
    else coalesce((select max(case when rts.role = 'editor' then 2 else 1 end)
      from ${reviewTableShares} rts
      where rts.table_id = "review_tables"."id"
        and (rts.grantee_user_id = ${userId} or rts.grantee_user_id is null)), 0)
  end)`;
}

export function roleOfTableRank(rank: number): TableRole | null {
  if (rank >= 3) return "owner";
  if (rank === 2) return "editor";
  if (rank === 1) return "viewer";
  return null;
}

export type TableRow = typeof reviewTables.$inferSelect;

/** A table with the caller's rank on it; undefined when they cannot see it. */
export async function findTableAccess(
  db: Executor,
  caller: TableCaller,
  tableId: string,
): Promise<{ table: TableRow; rank: number; role: TableRole } | undefined> {
  if (!caller.organizationId || !isUuid(tableId)) return undefined;
  const [row] = await db
    .select({ table: reviewTables, rank: tableRankSql(caller.userId).mapWith(Number) })
    .from(reviewTables)
    .where(
      and(eq(reviewTables.id, tableId), eq(reviewTables.organizationId, caller.organizationId)),
    );
  if (!row || row.rank < 1) return undefined;
  return { table: row.table, rank: row.rank, role: roleOfTableRank(row.rank)! };
}

const FORBIDDEN_MESSAGES: Record<TableLevel, string> = {
  read: "You cannot open this table.",
  edit: "This table was shared with you to view only. Ask its owner for editor access to change it.",
  own: "Only the owner of this table can do that.",
};

/** A table the caller may act on at `level`: NOT_FOUND when unreadable, FORBIDDEN when not enough. */
export async function requireTableAccess(
  db: Executor,
  caller: TableCaller,
  tableId: string,
  level: TableLevel,
): Promise<{ table: TableRow; rank: number; role: TableRole }> {
  const found = await findTableAccess(db, caller, tableId);
  if (!found) throw notFound("Table");
  if (found.rank < LEVEL_RANK[level]) throw forbidden(FORBIDDEN_MESSAGES[level]);
  return found;
}

/** The caller's organization for creating a table. */
export function requireTableOrganization(ctx: FunctionCtx): string {
  const organizationId = ctx.user.organizationId;
  if (!organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization, so it has no review tables.",
    );
  }
  return organizationId;
}

/** A live query on one table re-runs only for changes to that table. */
export function dependOnTable(ctx: FunctionCtx, tableId: string): void {
  const key = `table:${tableId}`;
  for (const table of [
    "review_tables",
    "review_table_columns",
    "review_table_rows",
    "review_table_cells",
    "review_table_shares",
  ]) {
    ctx.dependsOnRow(table, key);
  }
}
