import { adminStatsSchema, statsArgsSchema } from "../schemas/admin-stats.ts";
import { queryContract } from "./define.ts";

/** admin.stats: the installation's figures and daily series for /admin (decision 026). */
export const stats = queryContract("admin.stats", {
  args: statsArgsSchema,
  returns: adminStatsSchema,
  access: "superadmin",
});
