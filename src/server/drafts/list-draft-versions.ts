import { desc, eq } from "drizzle-orm";
import type { DraftVersion } from "#shared/schemas/draft.ts";
import type { FunctionCtx } from "../api/context.ts";
import { draftVersions } from "../db/schema.ts";
import { requireOwnDraft } from "./draft-access.ts";

/**
 * A draft's versions, newest first: the current one (drafts.version) and
 * those before it. Another member's draft is "not found".
 */
export async function listDraftVersions(
  ctx: FunctionCtx,
  draftId: string,
): Promise<DraftVersion[]> {
  const draft = await requireOwnDraft(ctx.db, ctx.user, draftId);
  ctx.dependsOnRow("drafts", draft.id);
  ctx.dependsOnRow("draft_versions", `draft:${draft.id}`);
  const rows = await ctx.db
    .select()
    .from(draftVersions)
    .where(eq(draftVersions.draftId, draft.id))
    .orderBy(desc(draftVersions.version));
  return rows.map((row) => ({
    version: row.version,
    content: row.content,
    reason: row.reason,
    createdAt: row.createdAt.getTime(),
  }));
}
