import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { cancelExecution } from "./executions/cancel-execution.ts";
import { getExecution } from "./executions/get-execution.ts";
import { getExecutionDraft } from "./executions/get-execution-draft.ts";
import { listExecutions } from "./executions/list-executions.ts";
import { runModule } from "./executions/run-module.ts";

/**
 * modules.* for running modules (decision 019): run, watch, cancel and list
 * the caller's own executions,. Who may run
 * which module is decided in module-access.ts; executions are only ever the
 * caller's own.
 */
export const executionFunctions: ServerFunction[] = [
  implement(api.modules.run, async (ctx, args) =>
    runModule({ db: ctx.db, caller: ctx.user, moduleId: args.moduleId, inputs: args.inputs }),
  ),

  implement(api.modules.getModuleExecutionById, async (ctx, args) =>
    getExecution(ctx, args.executionId),
  ),

  implement(api.modules.cancelExecution, async (ctx, args) =>
    cancelExecution({ db: ctx.db, caller: ctx.user, executionId: args.executionId }),
  ),

  implement(api.modules.listExecutions, async (ctx, args) => listExecutions(ctx, args)),

  implement(api.modules.getExecutionDraft, async (ctx, args) =>
    getExecutionDraft(ctx, args.executionId),
  ),
];
