import { z } from "zod";
import {
  adminOrganizationOptionSchema,
  adminUserCreateArgsSchema,
  adminUserDetailSchema,
  adminUserListArgsSchema,
  adminUserPageSchema,
  adminUserRowSchema,
  adminUserUpdateArgsSchema,
} from "../schemas/admin-user.ts";
import { idSchema } from "../schemas/dossier.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * admin.users.*: the superadmin's user management (/admin/users, decision 025).
 * Superadmins only: everyone else gets FORBIDDEN before the handler runs.
 */

/** Every user across organizations, filtered and searched, in cursor pages by email. */
export const list = queryContract("admin.users.list", {
  args: adminUserListArgsSchema,
  returns: adminUserPageSchema,
  access: "superadmin",
});

/** One user with their sessions and recent audit events; null when there is no such user. */
export const get = queryContract("admin.users.get", {
  args: z.object({ userId: idSchema }),
  returns: adminUserDetailSchema.nullable(),
  access: "superadmin",
});

/** The organizations to choose from in the forms and the list's filter. */
export const listOrganizations = queryContract("admin.users.listOrganizations", {
  args: z.object({}),
  returns: z.array(adminOrganizationOptionSchema),
  access: "superadmin",
});

export const create = mutationContract("admin.users.create", {
  args: adminUserCreateArgsSchema,
  returns: adminUserRowSchema,
  access: "superadmin",
});

/** SPEC 5's "User edit": empty text fields keep what is stored. */
export const update = mutationContract("admin.users.update", {
  args: adminUserUpdateArgsSchema,
  returns: adminUserRowSchema,
  access: "superadmin",
});

/** Disable (their sessions end at once, they cannot sign in) or enable a user. */
export const setDisabled = mutationContract("admin.users.setDisabled", {
  args: z.object({ userId: idSchema, disabled: z.boolean() }),
  returns: adminUserRowSchema,
  access: "superadmin",
});

/** End every session of a user (the caller's own current one too, when it is theirs). */
export const signOutEverywhere = mutationContract("admin.users.signOutEverywhere", {
  args: z.object({ userId: idSchema }),
  returns: z.object({ sessionsEnded: z.number() }),
  access: "superadmin",
});
