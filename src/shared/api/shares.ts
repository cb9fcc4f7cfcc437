import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  entityAccessSchema,
  shareableMemberSchema,
  sharedWithMeSchema,
  shareGranteeSchema,
  shareRoleSchema,
  shareTargetSchema,
} from "../schemas/share.ts";
import { mutationContract, queryContract } from "./define.ts";

/** Who has access to a folder or document the caller owns (owner only). */
export const listForEntity = queryContract("shares.listForEntity", {
  args: shareTargetSchema,
  returns: entityAccessSchema,
});

/**
 * Give one member of the owner's organization, or the whole organization,
 * viewer or editor access; an existing grant to the same grantee changes role.
 */
export const set = mutationContract("shares.set", {
  args: shareTargetSchema.extend({ grantee: shareGranteeSchema, role: shareRoleSchema }),
  returns: entityAccessSchema,
});

/** Take a grant back; taking back one that does not exist changes nothing. */
export const remove = mutationContract("shares.remove", {
  args: shareTargetSchema.extend({ grantee: shareGranteeSchema }),
  returns: entityAccessSchema,
});

/**
 * What others shared with the caller: at the top level (parentId null or
 * absent) the folders and documents shared with them directly or through the
 * organization, outermost first; with parentId, that shared folder's children.
 */
export const listSharedWithMe = queryContract("shares.listSharedWithMe", {
  args: z.object({ parentId: idSchema.nullable().optional() }),
  returns: sharedWithMeSchema,
});

/** The members of the caller's organization they may share with (everyone but themselves). */
export const listShareableMembers = queryContract("shares.listShareableMembers", {
  args: z.object({}),
  returns: z.array(shareableMemberSchema),
});
