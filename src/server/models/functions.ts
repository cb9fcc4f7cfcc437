import { eq } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { AppError, forbidden } from "#shared/errors.ts";
import { implement } from "../api/registry.ts";
import { organizationSettings, userPreferences } from "../db/schema.ts";
import { requireOfferedModel, resolveDefaultModel } from "./model-choice.ts";

/**
 * Model choice: each user's chosen model is remembered, the organization
 * has a default (set by its admins), and the server's DEFAULT_MODEL comes
 * last. Stored choices are returned as stored, even once a model is no
 * longer offered, so the UI can say so; `defaultModelId` skips them.
 */

const list = implement(api.models.list, async (ctx) => {
  const { userId, organizationId } = ctx.user;
  ctx.dependsOnRow("user_preferences", userId);
  const [preference] = await ctx.db
    .select({ modelId: userPreferences.modelId })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  let organizationModelId: string | null = null;
  if (organizationId) {
    ctx.dependsOnRow("organization_settings", organizationId);
    const [settings] = await ctx.db
      .select({ modelId: organizationSettings.defaultModelId })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId));
    organizationModelId = settings?.modelId ?? null;
  }
  const userModelId = preference?.modelId ?? null;
  const models = ctx.services.models;
  return {
    models: models.list(),
    defaultModelId: resolveDefaultModel(models, { userModelId, organizationModelId }),
    userModelId,
    organizationModelId,
  };
});

/** Remember the caller's model for new chats. */
const choose = implement(api.models.choose, async (ctx, args) => {
  const { userId, organizationId } = ctx.user;
  const modelId = requireOfferedModel(ctx.services.models, args.modelId);
  await ctx.db
    .insert(userPreferences)
    .values({ userId, organizationId, modelId })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { organizationId, modelId, updatedAt: new Date() },
    });
  return null;
});

/** The organization's default model: its admins (and superadmins) only; null clears it. */
const setOrganizationDefault = implement(api.models.setOrganizationDefault, async (ctx, args) => {
  const { organizationId, role, isSuperadmin } = ctx.user;
  if (role !== "OrganizationAdmin" && !isSuperadmin) {
    throw forbidden("Only an organization admin can set the organization's default model.");
  }
  if (!organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization, so it has no default model to set.",
    );
  }
  const modelId =
    args.modelId === null ? null : requireOfferedModel(ctx.services.models, args.modelId);
  await ctx.db
    .insert(organizationSettings)
    .values({ organizationId, defaultModelId: modelId })
    .onConflictDoUpdate({
      target: organizationSettings.organizationId,
      set: { defaultModelId: modelId, updatedAt: new Date() },
    });
  return null;
});

export const modelFunctions = [list, choose, setOrganizationDefault];
