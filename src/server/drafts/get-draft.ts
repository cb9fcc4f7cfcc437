import { and, eq } from "drizzle-orm";
import type { Draft } from "#shared/schemas/draft.ts";
import type { FunctionCtx } from "../api/context.ts";
import { drafts, modules } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { ownDrafts } from "./draft-access.ts";
import { draftView } from "./draft-view.ts";

/** One of the caller's drafts with its content; null for anyone else's. Live on that draft. */
export async function getDraft(ctx: FunctionCtx, draftId: string): Promise<Draft | null> {
  if (!isUuid(draftId)) return null;
  ctx.dependsOnRow("drafts", draftId);
  ctx.dependsOnRow("draft_versions", `draft:${draftId}`);
  const [row] = await ctx.db
    .select({ draft: drafts, moduleName: modules.name })
    .from(drafts)
    .leftJoin(modules, eq(modules.id, drafts.moduleId))
    .where(and(eq(drafts.id, draftId), ownDrafts(ctx.user)));
  if (!row) return null;
  return draftView(ctx.db, row.draft, row.moduleName);
}
