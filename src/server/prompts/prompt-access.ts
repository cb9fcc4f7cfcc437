import { and, eq, isNull, or } from "drizzle-orm";
import { AppError, forbidden, notFound } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { prompts } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import {
  canManageOrganization,
  requireOrganizationAdmin,
} from "../organizations/organization-access.ts";

/**
 * Who may touch which prompt (decision 017). Every signed-in user reads their
 * organization's prompts and the global ones; organization admins write their
 * organization's; superadmins write their organization's and the global ones.
 * A prompt of another organization, an archived one, or an id that is not an
 * id at all is "not found".
 */

export type PromptRow = typeof prompts.$inferSelect;

/** The prompts a caller can see: their organization's and the global ones. */
export function visiblePrompts(caller: Identity) {
  return caller.organizationId
    ? or(isNull(prompts.organizationId), eq(prompts.organizationId, caller.organizationId))
    : isNull(prompts.organizationId);
}

export function canEditPrompt(caller: Identity, row: Pick<PromptRow, "organizationId">): boolean {
  if (row.organizationId === null) return caller.isSuperadmin;
  return row.organizationId === caller.organizationId && canManageOrganization(caller);
}

/** The organization a new prompt belongs to (null: global), or why the caller cannot create it. */
export function newPromptOrganization(caller: Identity, global: boolean): string | null {
  if (global) {
    if (!caller.isSuperadmin) throw forbidden("Only superadmins can create global prompts.");
    return null;
  }
  if (caller.isSuperadmin && !caller.organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization; create a global prompt instead.",
    );
  }
  return requireOrganizationAdmin(caller, "create prompts");
}

/** A prompt the caller can see and may change. */
export async function requireEditablePrompt(
  db: Executor,
  caller: Identity,
  promptId: string,
): Promise<PromptRow> {
  const rows = isUuid(promptId)
    ? await db
        .select()
        .from(prompts)
        .where(and(eq(prompts.id, promptId), isNull(prompts.archivedAt), visiblePrompts(caller)))
    : [];
  const row = rows[0];
  if (!row) throw notFound("Prompt");
  if (!canEditPrompt(caller, row)) {
    if (row.organizationId === null) throw forbidden("Only superadmins can change global prompts.");
    requireOrganizationAdmin(caller, "change prompts");
    throw forbidden("Only organization admins can change prompts.");
  }
  return row;
}
