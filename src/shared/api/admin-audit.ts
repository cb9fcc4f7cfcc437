import { z } from "zod";
import { auditEntrySchema, auditFilterSchema, lookAtMeSchema } from "../schemas/audit.ts";
import { paginated, paginationOptsSchema } from "../schemas/dossier.ts";
import { queryContract } from "./define.ts";

/**
 * The audit log (decision 024): superadmins read and export it; nobody edits
 * or deletes a line (no function does, and the database refuses).
 */

/** Lines newest first, in keyset pages, narrowed by any of the filters. */
export const list = queryContract("admin.audit.list", {
  args: z.object({ filter: auditFilterSchema, paginationOpts: paginationOptsSchema }),
  returns: paginated(auditEntrySchema),
  access: "superadmin",
});

/** Every action name the log holds, for the filter. */
export const listActions = queryContract("admin.audit.listActions", {
  args: z.object({}),
  returns: z.array(z.string()),
  access: "superadmin",
});

/** The latest superadmin looks at the caller's documents, folders and threads. */
export const listLooksAtMe = queryContract("audit.listLooksAtMe", {
  args: z.object({}),
  returns: z.array(lookAtMeSchema),
});
