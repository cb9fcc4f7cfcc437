import { z } from "zod";
import { chatMessageSchema } from "./chat.ts";
import { documentSummarySchema, idSchema } from "./dossier.ts";
import { SUPPORT_STATUSES, supportRequestSchema } from "./support.ts";
import { singleLineText } from "./text.ts";

/**
 * What superadmins read across organizations in /admin (decision 024): the
 * organization picker, a dossier folder, a document, chat threads and the
 * support inbox. Read-only views: nothing here carries the caller's role.
 */

export const adminOrganizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  documentCount: z.number(),
  folderCount: z.number(),
  memberCount: z.number(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const adminFolderSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  name: z.string(),
  path: z.string(),
  parentId: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  updatedAt: z.number(),
  /** Folders and documents directly inside. */
  itemCount: z.number(),
});
export type AdminFolder = z.infer<typeof adminFolderSchema>;

/** A document in a listing: the dossier's summary without the caller's role and star. */
export const adminDocumentSchema = documentSummarySchema.omit({ myRole: true, isFavorite: true });
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

/** The most documents one folder page shows; the rest is counted. */
export const ADMIN_FOLDER_DOCUMENTS_MAX = 500;

export const adminFolderListArgs = z.object({
  organizationId: idSchema,
  /** null: the dossier's top level (every owner's top-level items). */
  folderId: idSchema.nullable(),
});

export const adminFolderListingSchema = z.object({
  organization: z.object({ _id: z.string(), name: z.string() }),
  /** The folder shown (null at the top level) and the folders above it, top first. */
  folder: adminFolderSchema.nullable(),
  breadcrumbs: z.array(z.object({ _id: z.string(), name: z.string() })),
  folders: z.array(adminFolderSchema),
  documents: z.array(adminDocumentSchema),
  /** How many documents the folder holds (more than `documents` beyond the page's limit). */
  documentTotal: z.number(),
});
export type AdminFolderListing = z.infer<typeof adminFolderListingSchema>;

export const adminDocumentDetailSchema = adminDocumentSchema.extend({
  organizationId: z.string(),
  organizationName: z.string(),
  folderPath: z.string().nullable(),
  htmlContent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AdminDocumentDetail = z.infer<typeof adminDocumentDetailSchema>;

export const adminThreadSummarySchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  title: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  messageCount: z.number(),
  lastMessageAt: z.number(),
});
export type AdminThreadSummary = z.infer<typeof adminThreadSummarySchema>;

export const adminThreadListArgs = z.object({
  organizationId: idSchema.optional(),
  /** Words of the title. */
  search: singleLineText({ trim: true })
    .max(200, "Search must be at most 200 characters")
    .optional(),
  paginationOpts: z.object({
    numItems: z.number().int().min(1).max(200),
    cursor: singleLineText().max(500).nullable(),
  }),
});

/** The most messages a thread shows (its latest); older ones are counted. */
export const ADMIN_THREAD_MESSAGES_MAX = 300;

export const adminThreadSchema = adminThreadSummarySchema.extend({
  modelId: z.string().nullable(),
  documents: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      fileType: z.string(),
      ownerName: z.string().nullable(),
    }),
  ),
  messages: z.array(chatMessageSchema),
});
export type AdminThread = z.infer<typeof adminThreadSchema>;

export const adminSupportRequestSchema = supportRequestSchema.extend({
  requester: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  organizationId: z.string(),
  organizationName: z.string(),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequestSchema>;

export const adminSupportListArgs = z.object({
  status: z.enum(SUPPORT_STATUSES, { message: "Choose open, answered or closed" }).optional(),
  organizationId: idSchema.optional(),
});
