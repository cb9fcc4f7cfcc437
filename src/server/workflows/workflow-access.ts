import { and, eq, isNull } from "drizzle-orm";
import { forbidden, notFound } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { organizationSettings, workflows } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import {
  canManageOrganization,
  requireOrganization,
} from "../organizations/organization-access.ts";

/**
 * Who may do what with workflows (decision 028). Everyone in the
 * organization sees and runs its active workflows. Organization admins (and
 * superadmins in their own organization) create, edit and archive any of
 * them; members create workflows when the organization allows it (the
 * default) and edit and archive their own. Another organization's workflow
 * is "not found", like a missing one.
 */

export type WorkflowRow = typeof workflows.$inferSelect;

export async function membersCanCreateWorkflows(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ allowed: organizationSettings.membersCanCreateWorkflows })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return row?.allowed ?? true;
}

export async function canCreateWorkflows(db: Executor, caller: Identity): Promise<boolean> {
  if (!caller.organizationId) return false;
  if (canManageOrganization(caller)) return true;
  return membersCanCreateWorkflows(db, caller.organizationId);
}

/** The caller's organization when they may create workflows; FORBIDDEN otherwise. */
export async function requireWorkflowCreator(db: Executor, caller: Identity): Promise<string> {
  const organizationId = requireOrganization(caller, "cannot create workflows");
  if (!(await canCreateWorkflows(db, caller))) {
    throw forbidden("Your organization lets only its admins create workflows.");
  }
  return organizationId;
}

export function canEditWorkflow(
  caller: Identity,
  row: Pick<WorkflowRow, "organizationId" | "createdBy">,
) {
  if (row.organizationId !== caller.organizationId) return false;
  return canManageOrganization(caller) || row.createdBy === caller.userId;
}

/** An active workflow of the caller's organization, by id or slug; undefined otherwise. */
export async function findWorkflow(
  db: Executor,
  caller: Identity,
  by: { workflowId: string } | { slug: string },
): Promise<WorkflowRow | undefined> {
  if (!caller.organizationId) return undefined;
  if ("workflowId" in by && !isUuid(by.workflowId)) return undefined;
  const [row] = await db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.organizationId, caller.organizationId),
        "workflowId" in by ? eq(workflows.id, by.workflowId) : eq(workflows.slug, by.slug),
        isNull(workflows.archivedAt),
      ),
    );
  return row;
}

/** A workflow the caller may edit; NOT_FOUND when they cannot see it, FORBIDDEN when they only run it. */
export async function requireEditableWorkflow(
  db: Executor,
  caller: Identity,
  workflowId: string,
): Promise<WorkflowRow> {
  const row = await findWorkflow(db, caller, { workflowId });
  if (!row) throw notFound("Workflow");
  if (!canEditWorkflow(caller, row)) {
    throw forbidden("Only the workflow's author and organization admins can change it.");
  }
  return row;
}
