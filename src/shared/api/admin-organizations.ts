import { z } from "zod";
import {
  adminOrganizationSchema,
  createOrganizationResultSchema,
  createOrganizationSchema,
  listOrganizationsSchema,
  organizationIdArgsSchema,
  suspendOrganizationSchema,
  updateAdminOrganizationSchema,
} from "../schemas/admin-organizations.ts";
import { mutationContract, queryContract } from "./define.ts";

/** admin.organizations.*: every organization of the installation, for superadmins (decision 026). */

/** Every organization (or those whose name or slug matches), with members, storage, usage and status. */
export const list = queryContract("admin.organizations.list", {
  args: listOrganizationsSchema,
  returns: z.array(adminOrganizationSchema),
  access: "superadmin",
});

/** A new organization, and its first admin invited by a link (emailed when SMTP is configured). */
export const create = mutationContract("admin.organizations.create", {
  args: createOrganizationSchema,
  returns: createOrganizationResultSchema,
  access: "superadmin",
});

/** Rename an organization or change its slug. */
export const update = mutationContract("admin.organizations.update", {
  args: updateAdminOrganizationSchema,
  returns: adminOrganizationSchema,
  access: "superadmin",
});

/** Its members cannot sign in any more and their sessions end at once (superadmins excepted). */
export const suspend = mutationContract("admin.organizations.suspend", {
  args: suspendOrganizationSchema,
  returns: adminOrganizationSchema,
  access: "superadmin",
});

/** Its members may sign in again. */
export const restore = mutationContract("admin.organizations.restore", {
  args: organizationIdArgsSchema,
  returns: adminOrganizationSchema,
  access: "superadmin",
});
