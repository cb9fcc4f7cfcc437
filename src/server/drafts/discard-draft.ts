import { eq } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { drafts } from "../db/schema.ts";
import { requireOwnDraft } from "./draft-access.ts";

/**
 * Put a draft aside: status discarded, listed only under that status. A
 * draft already saved into the dossier stays saved (the document is there);
 * discarding twice answers the same.
 */
export async function discardDraft(options: {
  db: Executor;
  caller: Identity;
  draftId: string;
}): Promise<{ draftId: string }> {
  const draft = await requireOwnDraft(options.db, options.caller, options.draftId, {
    forUpdate: true,
  });
  if (draft.status === "saved") {
    throw conflict("This draft is already saved in the dossier; it cannot be discarded.");
  }
  if (draft.status !== "discarded") {
    await options.db
      .update(drafts)
      .set({ status: "discarded", updatedAt: new Date() })
      .where(eq(drafts.id, draft.id));
  }
  return { draftId: draft.id };
}
