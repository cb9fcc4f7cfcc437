import type { Executor } from "../db/database.ts";
import { organizationSettings } from "../db/schema.ts";
import { requireOfferedModel } from "./model-choice.ts";
import type { ModelRegistry } from "./model-registry.ts";

export interface SetOrganizationDefaultModelOptions {
  db: Executor;
  models: ModelRegistry;
  organizationId: string;
  /** null clears it: the server's DEFAULT_MODEL applies. */
  modelId: string | null;
}

/** The organization's default model for new chats; a model not offered is refused. */
export async function setOrganizationDefaultModel(
  options: SetOrganizationDefaultModelOptions,
): Promise<string | null> {
  const { db, organizationId } = options;
  const modelId =
    options.modelId === null ? null : requireOfferedModel(options.models, options.modelId);
  await db
    .insert(organizationSettings)
    .values({ organizationId, defaultModelId: modelId })
    .onConflictDoUpdate({
      target: organizationSettings.organizationId,
      set: { defaultModelId: modelId, updatedAt: new Date() },
    });
  return modelId;
}
