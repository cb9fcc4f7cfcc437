import { and, eq, like } from "drizzle-orm";
import type { WorkflowInput, WorkflowStep } from "#shared/schemas/workflow.ts";
import { slugify } from "#shared/rules/slug.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { workflows } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { checkWorkflowReferences } from "./check-workflow-references.ts";
import {
  requireEditableWorkflow,
  requireWorkflowCreator,
  type WorkflowRow,
} from "./workflow-access.ts";

export interface WorkflowFields {
  name: string;
  description?: string | undefined;
  inputs: WorkflowInput[];
  steps: WorkflowStep[];
}

/** Addresses /workflows/{slug} may not take: pages of their own. */
const RESERVED_SLUGS = ["new"];

/** The name's slug, made unique in the organization with -2, -3… */
async function uniqueSlug(db: Executor, organizationId: string, name: string): Promise<string> {
  const base = slugify(name, "workflow").slice(0, 50).replace(/-+$/g, "") || "workflow";
  const taken = new Set(
    (
      await db
        .select({ slug: workflows.slug })
        .from(workflows)
        .where(and(eq(workflows.organizationId, organizationId), like(workflows.slug, `${base}%`)))
    ).map((r) => r.slug),
  );
  for (const reserved of RESERVED_SLUGS) taken.add(reserved);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** workflows.create: the caller may create workflows; references checked; the slug from the name. */
export async function createWorkflow(options: {
  db: Executor;
  caller: Identity;
  models: ModelRegistry;
  fields: WorkflowFields;
}): Promise<WorkflowRow> {
  const { db, caller, fields } = options;
  const organizationId = await requireWorkflowCreator(db, caller);
  await checkWorkflowReferences({ db, caller, models: options.models, steps: fields.steps });
  const now = new Date();
  const [row] = await db
    .insert(workflows)
    .values({
      id: newId(),
      organizationId,
      slug: await uniqueSlug(db, organizationId, fields.name),
      name: fields.name,
      description: fields.description ?? "",
      inputs: fields.inputs,
      steps: fields.steps,
      createdBy: caller.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** workflows.update: its author or an organization admin; the slug stays (links keep working). */
export async function updateWorkflow(options: {
  db: Executor;
  caller: Identity;
  models: ModelRegistry;
  workflowId: string;
  fields: WorkflowFields;
}): Promise<WorkflowRow> {
  const { db, caller, fields } = options;
  const existing = await requireEditableWorkflow(db, caller, options.workflowId);
  await checkWorkflowReferences({ db, caller, models: options.models, steps: fields.steps });
  const [row] = await db
    .update(workflows)
    .set({
      name: fields.name,
      description: fields.description ?? "",
      inputs: fields.inputs,
      steps: fields.steps,
      updatedAt: new Date(),
    })
    .where(eq(workflows.id, existing.id))
    .returning();
  return row!;
}

/** workflows.archive: hidden from everyone; its runs and drafts stay. */
export async function archiveWorkflow(options: {
  db: Executor;
  caller: Identity;
  workflowId: string;
}) {
  const existing = await requireEditableWorkflow(options.db, options.caller, options.workflowId);
  await options.db
    .update(workflows)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(eq(workflows.id, existing.id));
  return { workflowId: existing.id };
}
