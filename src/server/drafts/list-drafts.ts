import { and, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { DraftStatus, DraftSummary } from "#shared/schemas/draft.ts";
import type { FunctionCtx } from "../api/context.ts";
import { drafts, modules } from "../db/schema.ts";
import { ownDrafts } from "./draft-access.ts";
import { draftSummaryView } from "./draft-view.ts";

export interface ListDraftsFilter {
  q?: string;
  status?: DraftStatus;
  pending?: boolean;
}

/** At most this many drafts in the list (the newest). */
export const DRAFT_LIST_LIMIT = 200;

/**
 * The caller's drafts, newest change first. `q` matches the title or the
 * text (tags left out); `status` keeps one status; `pending` only those still
 * being generated; discarded ones only when `status` asks for them. Live on
 * the caller's own drafts only ('user:<user_id>', migration 0009).
 */
export async function listDrafts(
  ctx: FunctionCtx,
  filter: ListDraftsFilter,
): Promise<DraftSummary[]> {
  const caller = ctx.user;
  ctx.dependsOnRow("drafts", `user:${caller.userId}`);
  const conditions: SQL[] = [ownDrafts(caller)];
  if (filter.status) conditions.push(eq(drafts.status, filter.status));
  else conditions.push(ne(drafts.status, "discarded"));
  if (filter.pending) conditions.push(eq(drafts.status, "pending"));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(drafts.title, pattern),
        sql`regexp_replace(${drafts.content}, '<[^>]*>', ' ', 'g') ilike ${pattern}`,
      )!,
    );
  }
  const rows = await ctx.db
    .select({ draft: drafts, moduleName: modules.name })
    .from(drafts)
    .leftJoin(modules, eq(modules.id, drafts.moduleId))
    .where(and(...conditions))
    .orderBy(desc(drafts.updatedAt), desc(drafts.id))
    .limit(DRAFT_LIST_LIMIT);
  return rows.map((row) => draftSummaryView(row.draft, row.moduleName));
}
