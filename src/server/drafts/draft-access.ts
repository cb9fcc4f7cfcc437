import { and, eq, type SQL, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { drafts } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { DraftRow } from "./draft-writes.ts";

/**
 * Who may see and change which draft (decision 020): only the member who ran
 * the execution, in the organization it ran in. Nobody else (an organization
 * admin, a superadmin, another member, another organization) learns that it
 * exists: their answer is null or "not found", exactly like a missing id.
 */

/** The caller's own drafts. */
export function ownDrafts(caller: Identity): SQL {
  // A caller without an organization runs nothing, so has no drafts.
  if (!caller.organizationId) return sql`false`;
  return and(eq(drafts.userId, caller.userId), eq(drafts.organizationId, caller.organizationId))!;
}

/** One of the caller's drafts, or undefined (another's, missing, or not an id). */
export async function findOwnDraft(
  db: Executor,
  caller: Identity,
  draftId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DraftRow | undefined> {
  if (!isUuid(draftId)) return undefined;
  const query = db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, draftId), ownDrafts(caller)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** One of the caller's drafts; NOT_FOUND otherwise. */
export async function requireOwnDraft(
  db: Executor,
  caller: Identity,
  draftId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DraftRow> {
  const row = await findOwnDraft(db, caller, draftId, options);
  if (!row) throw notFound("Draft");
  return row;
}
