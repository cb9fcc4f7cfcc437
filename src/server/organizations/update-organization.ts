import { eq } from "drizzle-orm";
import type { Organization } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import { organizations } from "../db/schema.ts";
import { setOrganizationDefaultModel } from "../models/set-organization-default-model.ts";
import { getCurrentOrganization } from "./get-current-organization.ts";
import { requireOrganizationAdmin } from "./organization-access.ts";

export interface UpdateOrganizationArgs {
  name?: string;
  defaultModelId?: string | null;
}

/** Rename the caller's organization and/or set its default model (admins). */
export async function updateOrganization(
  ctx: FunctionCtx,
  args: UpdateOrganizationArgs,
): Promise<Organization> {
  const organizationId = requireOrganizationAdmin(ctx.user, "change the organization's settings");
  const changes: Record<string, unknown> = {};
  if (args.name !== undefined) {
    await ctx.db
      .update(organizations)
      .set({ name: args.name, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    changes.name = args.name;
  }
  if (args.defaultModelId !== undefined) {
    changes.defaultModelId = await setOrganizationDefaultModel({
      db: ctx.db,
      models: ctx.services.models,
      organizationId,
      modelId: args.defaultModelId,
    });
  }
  if (Object.keys(changes).length > 0) {
    await writeAudit(ctx.db, {
      action: "organization.update",
      organizationId,
      actorUserId: ctx.user.userId,
      targetType: "organization",
      targetId: organizationId,
      metadata: changes,
      request: ctx.request,
    });
  }
  return getCurrentOrganization(ctx);
}
