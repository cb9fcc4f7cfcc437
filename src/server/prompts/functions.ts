import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { archivePrompt } from "./archive-prompt.ts";
import { createPrompt } from "./create-prompt.ts";
import { createPromptCategory } from "./create-prompt-category.ts";
import { listAdminPrompts } from "./list-admin-prompts.ts";
import { listPromptCategories } from "./list-prompt-categories.ts";
import { listPrompts } from "./list-prompts.ts";
import { newPromptOrganization } from "./prompt-access.ts";
import { reorderPrompts } from "./reorder-prompts.ts";
import { setPromptArchived } from "./set-prompt-archived.ts";
import { updatePrompt } from "./update-prompt.ts";

/**
 * prompts.*: the prompt library. Who may read and change which prompt is
 * decided in prompt-access.ts; each handler validates, authorizes and calls
 * one verb-noun function of this folder.
 */
export const promptFunctions: ServerFunction[] = [
  implement(api.prompts.listPrompts, async (ctx) => listPrompts(ctx)),

  implement(api.prompts.listCategories, async (ctx) => listPromptCategories(ctx)),

  implement(api.prompts.createCategory, async (ctx, args) =>
    createPromptCategory({
      db: ctx.db,
      caller: ctx.user,
      name: args.name,
      global: args.global ?? false,
    }),
  ),

  implement(api.prompts.create, async (ctx, args) =>
    createPrompt({
      db: ctx.db,
      caller: ctx.user,
      organizationId: newPromptOrganization(ctx.user, args.global ?? false),
      title: args.title,
      body: args.body,
      description: args.description,
      categoryId: args.categoryId,
      models: ctx.services.models,
      modelId: args.modelId,
      documentIds: args.documentIds,
    }),
  ),

  implement(api.prompts.update, async (ctx, args) =>
    updatePrompt({ db: ctx.db, caller: ctx.user, models: ctx.services.models, ...args }),
  ),

  implement(api.prompts.archive, async (ctx, args) =>
    archivePrompt({ db: ctx.db, caller: ctx.user, promptId: args.promptId }),
  ),

  implement(api.prompts.reorder, async (ctx, args) =>
    reorderPrompts({ db: ctx.db, caller: ctx.user, promptIds: args.promptIds }),
  ),

  // /admin/prompts: superadmins only (the contracts say so), across organizations.
  implement(
    api.prompts.listAdmin,
    async (ctx, args) =>
      listAdminPrompts({ db: ctx.db, caller: ctx.user, showArchived: args.showArchived }),
    { liveScope: "global" },
  ),

  implement(api.prompts.setArchived, async (ctx, args) =>
    setPromptArchived({ db: ctx.db, promptId: args.promptId, archived: args.archived }),
  ),
];
