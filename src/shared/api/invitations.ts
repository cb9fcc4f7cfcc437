import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  acceptInvitationSchema,
  createInvitationsSchema,
  invitationOutcomeSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenSchema,
} from "../schemas/organization.ts";
import { tokensSchema } from "./auth.ts";
import { actionContract, mutationContract, queryContract } from "./define.ts";

/** invitations.*: joining an organization by a single-use link (decision 021). */

/**
 * Invite addresses (admins): one answer per distinct address, with its link (to copy when
 * it was not emailed); members and pending invitations are reported, not invited again.
 */
export const create = mutationContract("invitations.create", {
  args: createInvitationsSchema,
  returns: z.array(invitationOutcomeSchema),
});

/** Every invitation of the organization, newest first (admins). */
export const list = queryContract("invitations.list", {
  args: z.object({}),
  returns: z.array(invitationSchema),
});

/** A new link and a new expiry for a pending or expired invitation, emailed when possible (admins). */
export const resend = mutationContract("invitations.resend", {
  args: z.object({ invitationId: idSchema }),
  returns: invitationOutcomeSchema,
});

/** The link stops working (admins). */
export const revoke = mutationContract("invitations.revoke", {
  args: z.object({ invitationId: idSchema }),
  returns: invitationSchema,
});

/** Public: what a link invites to, or why it no longer works. */
export const get = queryContract("invitations.get", {
  args: z.object({ token: invitationTokenSchema }),
  returns: invitationPreviewSchema,
  access: "public",
});

/** Public: create the account the link invites, and sign it in. */
export const accept = actionContract("invitations.accept", {
  args: acceptInvitationSchema,
  returns: z.object({ tokens: tokensSchema }),
  access: "public",
});

/** The signed-in account whose email the link names joins (only if it has no organization). */
export const acceptExisting = mutationContract("invitations.acceptExisting", {
  args: z.object({ token: invitationTokenSchema }),
  returns: z.object({ organizationId: z.string(), organizationName: z.string() }),
});
