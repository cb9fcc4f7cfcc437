import { z } from "zod";
import { adminSupportListArgs, adminSupportRequestSchema } from "../schemas/admin-looks.ts";
import { idSchema } from "../schemas/dossier.ts";
import { supportRequestSchema } from "../schemas/support.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * The superadmins' support inbox (decision 024): every organization's
 * requests. Reading and answering one goes through support.get and
 * support.reply, whose rules already let superadmins in (decision 022).
 */

/** Requests by latest activity, narrowed by status and organization. */
export const list = queryContract("admin.support.list", {
  args: adminSupportListArgs,
  returns: z.array(adminSupportRequestSchema),
  access: "superadmin",
});

/** Close a request (resolved; the requester can still reply, which reopens it). */
export const close = mutationContract("admin.support.close", {
  args: z.object({ requestId: idSchema }),
  returns: supportRequestSchema,
  access: "superadmin",
});

/** Reopen a closed request. */
export const reopen = mutationContract("admin.support.reopen", {
  args: z.object({ requestId: idSchema }),
  returns: supportRequestSchema,
  access: "superadmin",
});
