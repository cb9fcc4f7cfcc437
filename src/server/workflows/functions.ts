import { and, asc, eq, isNull } from "drizzle-orm";
import { api } from "#shared/api/index.ts";

import { implement, type ServerFunction } from "../api/registry.ts";
import { organizationSettings, workflowRuns, workflows } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import {
  canManageOrganization,
  requireOrganizationAdmin,
} from "../organizations/organization-access.ts";
import { cancelRun, retryStep } from "./run-controls.ts";
import { loadRunSummaries, loadRunView, ownRun } from "./run-view.ts";
import { archiveWorkflow, createWorkflow, updateWorkflow } from "./save-workflow.ts";
import { startRun } from "./start-run.ts";
import { testStep } from "./test-step.ts";
import { canCreateWorkflows, findWorkflow, membersCanCreateWorkflows } from "./workflow-access.ts";
import { workflowView, workflowViews } from "./workflow-view.ts";

/**
 * workflows.* (decision 028). Who may do what is decided in
 * workflow-access.ts; runs are only ever the caller's own.
 */
export const workflowFunctions: ServerFunction[] = [
  implement(api.workflows.list, async (ctx) => {
    const organizationId = ctx.user.organizationId;
    if (!organizationId) return [];
    const rows = await ctx.db
      .select()
      .from(workflows)
      .where(and(eq(workflows.organizationId, organizationId), isNull(workflows.archivedAt)))
      .orderBy(asc(workflows.name), asc(workflows.id));
    return workflowViews(ctx.db, ctx.user, rows);
  }),

  implement(api.workflows.getBySlug, async (ctx, args) => {
    const row = await findWorkflow(ctx.db, ctx.user, { slug: args.slug });
    return row ? workflowView(ctx.db, ctx.user, row) : null;
  }),

  implement(api.workflows.getPermissions, async (ctx) => {
    const organizationId = ctx.user.organizationId;
    return {
      canCreate: await canCreateWorkflows(ctx.db, ctx.user),
      canChangeSetting: canManageOrganization(ctx.user),
      membersCanCreate: organizationId
        ? await membersCanCreateWorkflows(ctx.db, organizationId)
        : false,
    };
  }),

  implement(api.workflows.setMembersCanCreate, async (ctx, args) => {
    const organizationId = requireOrganizationAdmin(ctx.user, "choose who creates workflows");
    await ctx.db
      .insert(organizationSettings)
      .values({ organizationId, membersCanCreateWorkflows: args.allowed })
      .onConflictDoUpdate({
        target: organizationSettings.organizationId,
        set: { membersCanCreateWorkflows: args.allowed, updatedAt: new Date() },
      });
    return { membersCanCreate: args.allowed };
  }),

  implement(api.workflows.create, async (ctx, args) => {
    const row = await createWorkflow({
      db: ctx.db,
      caller: ctx.user,
      models: ctx.services.models,
      fields: args,
    });
    return workflowView(ctx.db, ctx.user, row);
  }),

  implement(api.workflows.update, async (ctx, args) => {
    const { workflowId, ...fields } = args;
    const row = await updateWorkflow({
      db: ctx.db,
      caller: ctx.user,
      models: ctx.services.models,
      workflowId,
      fields,
    });
    return workflowView(ctx.db, ctx.user, row);
  }),

  implement(api.workflows.archive, async (ctx, args) =>
    archiveWorkflow({ db: ctx.db, caller: ctx.user, workflowId: args.workflowId }),
  ),

  implement(api.workflows.run, async (ctx, args) =>
    startRun({
      db: ctx.db,
      caller: ctx.user,
      slug: args.slug,
      inputs: args.inputs,
      documentIds: args.documentIds ?? [],
    }),
  ),

  implement(api.workflows.getRun, async (ctx, args) => {
    const userId = ctx.user.userId;
    ctx.dependsOnRow("workflow_runs", args.runId.toLowerCase());
    ctx.dependsOnRow("workflow_run_steps", `user:${userId}`);
    ctx.dependsOnRow("drafts", `user:${userId}`);
    if (!isUuid(args.runId) || !ctx.user.organizationId) return null;
    return loadRunView(ctx.db, ownRun(userId, ctx.user.organizationId, args.runId));
  }),

  implement(api.workflows.listRuns, async (ctx, args) => {
    const userId = ctx.user.userId;
    ctx.dependsOnRow("workflow_runs", `user:${userId}`);
    ctx.dependsOnRow("drafts", `user:${userId}`);
    if (!ctx.user.organizationId) return [];
    if (args.workflowId !== undefined && !isUuid(args.workflowId)) return [];
    const runs = await loadRunSummaries(
      ctx.db,
      and(
        eq(workflowRuns.userId, userId),
        eq(workflowRuns.organizationId, ctx.user.organizationId),
        args.workflowId ? eq(workflowRuns.workflowId, args.workflowId) : undefined,
      ),
      args.limit ?? 20,
    );
    return runs.map(({ row: _row, ...summary }) => summary);
  }),

  implement(api.workflows.cancelRun, async (ctx, args) =>
    cancelRun({ db: ctx.db, caller: ctx.user, runId: args.runId }),
  ),

  implement(api.workflows.retryStep, async (ctx, args) =>
    retryStep({ db: ctx.db, caller: ctx.user, runId: args.runId, stepIndex: args.stepIndex }),
  ),

  implement(api.workflows.testStep, async (ctx, args) =>
    testStep({
      db: ctx.db,
      services: ctx.services,
      caller: ctx.user,
      step: args.step,
      inputs: args.inputs,
      documentIds: args.documentIds ?? [],
      previousOutputs: args.previousOutputs ?? [],
    }),
  ),
];
