import { asc } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../../api/registry.ts";
import { organizations } from "../../db/schema.ts";
import { createAdminUser } from "./create-admin-user.ts";
import { getAdminUser } from "./get-user.ts";
import { listUsers } from "./list-users.ts";
import { setUserDisabled, signOutEverywhere } from "./set-user-disabled.ts";
import { updateAdminUser } from "./update-admin-user.ts";

/**
 * admin.users.*: the superadmin's user management (decision 025). The
 * contracts' `access: "superadmin"` refuses everyone else before a handler
 * runs; the reads are global live queries (users of every organization).
 */
const global = { liveScope: "global" } as const;

export const adminUserFunctions: ServerFunction[] = [
  implement(
    api.admin.users.list,
    (ctx, { paginationOpts, ...filters }) =>
      listUsers({ db: ctx.db, ...filters, ...paginationOpts }),
    global,
  ),
  implement(
    api.admin.users.get,
    (ctx, { userId }) => getAdminUser(ctx.db, ctx.user, userId),
    global,
  ),
  implement(
    api.admin.users.listOrganizations,
    async (ctx) =>
      (
        await ctx.db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .orderBy(asc(organizations.name))
      ).map((o) => ({ _id: o.id, name: o.name })),
    global,
  ),
  implement(api.admin.users.create, createAdminUser),
  implement(api.admin.users.update, updateAdminUser),
  implement(api.admin.users.setDisabled, setUserDisabled),
  implement(api.admin.users.signOutEverywhere, signOutEverywhere),
];
