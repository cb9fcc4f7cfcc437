import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../../api/registry.ts";
import { getAdminStats } from "./get-admin-stats.ts";

/** admin.stats: superadmins only; reads across organizations (global live scope). */
export const adminStatsFunctions: ServerFunction[] = [
  implement(api.admin.stats, async (ctx, args) => getAdminStats(ctx, args), {
    liveScope: "global",
  }),
];
