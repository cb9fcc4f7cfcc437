import { eq } from "drizzle-orm";
import { AppError, conflict } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { drafts, moduleExecutions } from "../db/schema.ts";
import { startExecution } from "../modules/executions/start-execution.ts";
import { findRunnableModule } from "../modules/module-access.ts";
import { requireOwnDraft } from "./draft-access.ts";

const REFUSED: Record<string, string> = {
  pending: "This draft is already being generated.",
  saved: "This draft has been saved into the dossier; run the module again for a new draft.",
  discarded: "This draft has been discarded; run the module again for a new draft.",
};

/**
 * Run the draft's module again with its execution's inputs. The execution
 * (queued, regeneratesDraftId = the draft) writes the draft's next version
 * (reason 'regenerated'); meanwhile the draft shows as pending, in the same
 * transaction, so every open screen sees it at once. A module the member may
 * no longer run (archived, inactive, withdrawn from their organization) is
 * refused with a clear message.
 */
export async function regenerateDraft(options: {
  db: Executor;
  caller: Identity;
  draftId: string;
}): Promise<{ executionId: string }> {
  const { db, caller } = options;
  const draft = await requireOwnDraft(db, caller, options.draftId, { forUpdate: true });
  const refusal = REFUSED[draft.status];
  if (refusal) throw conflict(refusal);
  const [execution] = draft.executionId
    ? await db.select().from(moduleExecutions).where(eq(moduleExecutions.id, draft.executionId))
    : [];
  if (!execution || !draft.moduleId) {
    throw conflict("This draft was not written by a module run, so it cannot be regenerated.");
  }
  const module = await findRunnableModule(db, caller, { moduleId: draft.moduleId });
  if (!module) {
    throw new AppError(
      "NOT_FOUND",
      "The module that wrote this draft is no longer available to you, so it cannot be regenerated.",
    );
  }
  const started = await startExecution({
    db,
    caller,
    module,
    inputs: execution.inputs,
    regeneratesDraftId: draft.id,
  });
  await db
    .update(drafts)
    .set({ status: "pending", error: null, updatedAt: new Date() })
    .where(eq(drafts.id, draft.id));
  return started;
}
