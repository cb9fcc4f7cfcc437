import type { Identity } from "../../auth/identity.ts";
import type { Executor } from "../../db/database.ts";
import { requireRunnableModule } from "../module-access.ts";
import { startExecution } from "./start-execution.ts";

/** modules.run: a module the caller may run, its inputs checked, the run queued. */
export async function runModule(options: {
  db: Executor;
  caller: Identity;
  moduleId: string;
  inputs: Record<string, unknown>;
}): Promise<{ executionId: string }> {
  const module = await requireRunnableModule(options.db, options.caller, {
    moduleId: options.moduleId,
  });
  return startExecution({ db: options.db, caller: options.caller, module, inputs: options.inputs });
}
