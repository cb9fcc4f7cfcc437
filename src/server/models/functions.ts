import { eq } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { implement } from "../api/registry.ts";
import { writeAudit } from "../auth/audit.ts";
import { organizationSettings, userPreferences } from "../db/schema.ts";
import { requireOrganizationAdmin } from "../organizations/organization-access.ts";
import { requireOfferedModel, resolveDefaultModel } from "./model-choice.ts";
import { setOrganizationDefaultModel } from "./set-organization-default-model.ts";

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
  const organizationId = requireOrganizationAdmin(ctx.user, "set the organization's default model");
  const modelId = await setOrganizationDefaultModel({
    db: ctx.db,
    models: ctx.services.models,
    organizationId,
    modelId: args.modelId,
  });
  await writeAudit(ctx.db, {
    action: "organization.default_model_set",
    organizationId,
    actorUserId: ctx.user.userId,
    targetType: "organization",
    targetId: organizationId,
    metadata: { modelId },
    request: ctx.request,
  });
  return null;
});

export const modelFunctions = [list, choose, setOrganizationDefault];
