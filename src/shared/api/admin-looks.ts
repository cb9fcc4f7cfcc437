import { z } from "zod";
import {
  adminDocumentDetailSchema,
  adminFolderListArgs,
  adminFolderListingSchema,
  adminOrganizationSchema,
  adminThreadListArgs,
  adminThreadSchema,
  adminThreadSummarySchema,
} from "../schemas/admin-looks.ts";
import { idSchema, paginated } from "../schemas/dossier.ts";
import { queryContract } from "./define.ts";

/**
 * admin.dossier.* and admin.chat.*: a superadmin reads any organization's
 * dossier and chats, read-only (decision 024). Opening a folder, a document
 * or a thread writes an audit line its owner sees on /account.
 */

/** Every organization with its counts, for the picker of /admin/dossier. */
export const listOrganizations = queryContract("admin.dossier.listOrganizations", {
  args: z.object({}),
  returns: z.array(adminOrganizationSchema),
  access: "superadmin",
});

/** One folder of an organization's dossier (or its top level), every owner's items. Audited. */
export const listFolder = queryContract("admin.dossier.list", {
  args: adminFolderListArgs,
  returns: adminFolderListingSchema,
  access: "superadmin",
});

/** One document with its extracted content and metadata. Audited. */
export const getDocument = queryContract("admin.dossier.getDocument", {
  args: z.object({ documentId: idSchema }),
  returns: adminDocumentDetailSchema,
  access: "superadmin",
});

/** Every thread (or one organization's), latest activity first; titles matching `search`. */
export const listThreads = queryContract("admin.chat.listThreads", {
  args: adminThreadListArgs,
  returns: paginated(adminThreadSummarySchema),
  access: "superadmin",
});

/** One thread with its documents and latest messages. Audited. */
export const getThread = queryContract("admin.chat.getThread", {
  args: z.object({ threadId: idSchema }),
  returns: adminThreadSchema,
  access: "superadmin",
});
