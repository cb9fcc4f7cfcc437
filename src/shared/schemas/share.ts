import { z } from "zod";
import { documentSummarySchema, folderSchema, idSchema } from "./dossier.ts";

/** What a share points at. */
export const SHARE_ENTITY_TYPES = ["folder", "document"] as const;
export type ShareEntityType = (typeof SHARE_ENTITY_TYPES)[number];
export const shareEntityTypeSchema = z.enum(SHARE_ENTITY_TYPES);

/** viewer: read, download, attach to a chat; editor: also rename, move within, upload into. */
export const SHARE_ROLES = ["viewer", "editor"] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const shareRoleSchema = z.enum(SHARE_ROLES);

/** One member, or the whole organization. */
export const shareGranteeSchema = z.union([
  z.object({ userId: idSchema }).strict(),
  z.object({ organization: z.literal(true) }).strict(),
]);
export type ShareGrantee = z.infer<typeof shareGranteeSchema>;

export const shareTargetSchema = z.object({
  entityType: shareEntityTypeSchema,
  entityId: idSchema,
});

/** A member who may be given access. */
export const shareableMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type ShareableMember = z.infer<typeof shareableMemberSchema>;

/** Who has access to a folder or document, as its owner sees it. */
export const entityAccessSchema = z.object({
  ownerId: z.string().nullable(),
  /** The whole organization's grant, if any. */
  organization: z.object({ role: shareRoleSchema }).nullable(),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: shareRoleSchema,
    }),
  ),
});
export type EntityAccess = z.infer<typeof entityAccessSchema>;

/** What others shared with the caller (top level), or one shared folder's children. */
export const sharedWithMeSchema = z.object({
  folders: z.array(folderSchema),
  documents: z.array(documentSummarySchema),
});
export type SharedWithMe = z.infer<typeof sharedWithMeSchema>;
