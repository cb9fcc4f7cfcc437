import { eq } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { modules } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { newWebhookSecret } from "./webhook-secret.ts";

export interface RotateModuleSecretOptions {
  db: Executor;
  caller: Identity;
  request: RequestInfo;
  moduleId: string;
}

/** A new signing secret for a webhook module; the old one stops working at once. */
export async function rotateModuleSecret(
  options: RotateModuleSecretOptions,
): Promise<{ webhookSecret: string }> {
  const { db, moduleId } = options;
  const [row] = isUuid(moduleId)
    ? await db.select().from(modules).where(eq(modules.id, moduleId)).for("update")
    : [];
  if (!row) throw notFound("Module");
  if (row.kind !== "webhook") {
    throw new AppError("CONFLICT", "Only a webhook module has a signing secret.");
  }
  const webhookSecret = newWebhookSecret();
  await db
    .update(modules)
    .set({ webhookSecret, updatedAt: new Date() })
    .where(eq(modules.id, moduleId));
  await writeAudit(db, {
    action: "module.rotate_secret",
    actorUserId: options.caller.userId,
    targetType: "module",
    targetId: moduleId,
    metadata: { slug: row.slug },
    request: options.request,
  });
  return { webhookSecret };
}
