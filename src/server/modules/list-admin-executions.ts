import { eq } from "drizzle-orm";
import type { Execution } from "#shared/schemas/module.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleExecutions } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { loadExecutionViews } from "./executions/execution-view.ts";

export const ADMIN_EXECUTIONS_DEFAULT_LIMIT = 20;

/** A module's recent executions across organizations (superadmins: checked by the contract). */
export async function listAdminExecutions(options: {
  db: Executor;
  caller: Identity;
  moduleId: string;
  limit?: number;
}): Promise<Execution[]> {
  if (!isUuid(options.moduleId)) return [];
  return loadExecutionViews(
    options.db,
    options.caller,
    eq(moduleExecutions.moduleId, options.moduleId),
    options.limit ?? ADMIN_EXECUTIONS_DEFAULT_LIMIT,
  );
}
