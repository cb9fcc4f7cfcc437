import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { discardDraft } from "./discard-draft.ts";
import { getDraft } from "./get-draft.ts";
import { listDraftVersions } from "./list-draft-versions.ts";
import { listDrafts } from "./list-drafts.ts";
import { regenerateDraft } from "./regenerate-draft.ts";
import { saveDraftToDossier } from "./save-draft-to-dossier.ts";
import { updateDraft } from "./update-draft.ts";

/**
 * drafts.*: what module runs write, private to the member who ran them
 * (decision 020). Who may touch which draft is decided in draft-access.ts;
 * each handler validates, authorizes and calls one verb-noun function.
 */
export const draftFunctions: ServerFunction[] = [
  implement(api.drafts.list, async (ctx, args) => listDrafts(ctx, args)),

  implement(api.drafts.get, async (ctx, args) => getDraft(ctx, args.draftId)),

  implement(api.drafts.listVersions, async (ctx, args) => listDraftVersions(ctx, args.draftId)),

  implement(api.drafts.update, async (ctx, args) =>
    updateDraft({ db: ctx.db, caller: ctx.user, ...args }),
  ),

  // Renders and stores the file outside the transaction that creates the document.
  implement(api.drafts.saveToDossier, async (ctx, args) => saveDraftToDossier(ctx, args), {
    ownTransaction: true,
  }),

  implement(api.drafts.discard, async (ctx, args) =>
    discardDraft({ db: ctx.db, caller: ctx.user, draftId: args.draftId }),
  ),

  implement(api.drafts.regenerate, async (ctx, args) =>
    regenerateDraft({ db: ctx.db, caller: ctx.user, draftId: args.draftId }),
  ),
];
