import { eq, inArray } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { AdminModule } from "#shared/schemas/module.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleOrganizations, modules } from "../db/schema.ts";
import { isUuid, newId } from "../ids.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { loadAdminModule } from "./admin-module-view.ts";
import { checkModuleForm, type ModuleFormInput, moduleColumns } from "./module-form-checks.ts";
import { newWebhookSecret } from "./webhook-secret.ts";

export interface SaveModuleOptions {
  db: Executor;
  models: ModelRegistry;
  caller: Identity;
  request: RequestInfo;
  form: ModuleFormInput;
}

export interface SavedModule {
  module: AdminModule;
  /** The new signing secret, when this call made one; never shown again. */
  webhookSecret: string | null;
}

/** A new module; a webhook module gets its signing secret, answered here once. */
export async function createModule(options: SaveModuleOptions): Promise<SavedModule> {
  const { db, form } = options;
  const checked = await checkModuleForm(db, options.models, form);
  const webhookSecret = form.kind === "webhook" ? newWebhookSecret() : null;
  const id = newId();
  const now = new Date();
  await db.insert(modules).values({
    id,
    ...moduleColumns(form, checked),
    webhookSecret,
    createdBy: options.caller.userId,
    createdAt: now,
    updatedAt: now,
  });
  await setModuleOrganizations(db, id, checked.organizations, now);
  await writeAudit(db, {
    action: "module.create",
    actorUserId: options.caller.userId,
    targetType: "module",
    targetId: id,
    metadata: { slug: form.slug, name: form.name, kind: form.kind },
    request: options.request,
  });
  return { module: (await loadAdminModule(db, id))!, webhookSecret };
}

/**
 * Replace a module's fields. Turning it into a webhook module (or editing one
 * that has no secret) makes its secret; a built-in module keeps none.
 */
export async function updateModule(
  options: SaveModuleOptions & { moduleId: string },
): Promise<SavedModule> {
  const { db, form, moduleId } = options;
  const [existing] = isUuid(moduleId)
    ? await db.select().from(modules).where(eq(modules.id, moduleId)).for("update")
    : [];
  if (!existing) throw notFound("Module");
  const checked = await checkModuleForm(db, options.models, form, moduleId);
  const makeSecret = form.kind === "webhook" && existing.webhookSecret === null;
  const webhookSecret = makeSecret ? newWebhookSecret() : null;
  const now = new Date();
  await db
    .update(modules)
    .set({
      ...moduleColumns(form, checked),
      webhookSecret: form.kind === "webhook" ? (webhookSecret ?? existing.webhookSecret) : null,
      updatedAt: now,
    })
    .where(eq(modules.id, moduleId));
  await replaceModuleOrganizations(db, moduleId, checked.organizations, now);
  await writeAudit(db, {
    action: "module.update",
    actorUserId: options.caller.userId,
    targetType: "module",
    targetId: moduleId,
    metadata: {
      slug: form.slug,
      name: form.name,
      kind: form.kind,
      secretCreated: makeSecret,
      organizationIds: checked.organizations.map((o) => o.organizationId),
    },
    request: options.request,
  });
  return { module: (await loadAdminModule(db, moduleId))!, webhookSecret };
}

/** Limit a module to exactly these organizations, touching only the rows that change. */
async function replaceModuleOrganizations(
  db: Executor,
  moduleId: string,
  wanted: Array<{ organizationId: string }>,
  now: Date,
): Promise<void> {
  const current = await db
    .select({ id: moduleOrganizations.id, organizationId: moduleOrganizations.organizationId })
    .from(moduleOrganizations)
    .where(eq(moduleOrganizations.moduleId, moduleId));
  const keep = new Set(wanted.map((w) => w.organizationId));
  const gone = current.filter((c) => !keep.has(c.organizationId)).map((c) => c.id);
  if (gone.length > 0) {
    await db.delete(moduleOrganizations).where(inArray(moduleOrganizations.id, gone));
  }
  const had = new Set(current.map((c) => c.organizationId));
  await setModuleOrganizations(
    db,
    moduleId,
    wanted.filter((w) => !had.has(w.organizationId)),
    now,
  );
}

async function setModuleOrganizations(
  db: Executor,
  moduleId: string,
  organizations: Array<{ organizationId: string }>,
  now: Date,
): Promise<void> {
  if (organizations.length === 0) return;
  await db.insert(moduleOrganizations).values(
    organizations.map((o) => ({
      id: newId(),
      moduleId,
      organizationId: o.organizationId,
      createdAt: now,
    })),
  );
}
