import { z } from "zod";
import {
  organizationSchema,
  updateOrganizationSchema,
  usageSchema,
} from "../schemas/organization.ts";
import { mutationContract, queryContract } from "./define.ts";

/** organizations.*: the caller's own organization (decision 021). */

/** Name, slug, default model, member count, the caller's role and whether email is configured. */
export const getCurrent = queryContract("organizations.getCurrent", {
  args: z.object({}),
  returns: organizationSchema,
});

/** Rename the organization or set its default model (organization admins). */
export const update = mutationContract("organizations.update", {
  args: updateOrganizationSchema,
  returns: organizationSchema,
});

/** Documents and storage, and chats and tokens per model per month for 6 months (admins). */
export const getUsage = queryContract("organizations.getUsage", {
  args: z.object({}),
  returns: usageSchema,
});
