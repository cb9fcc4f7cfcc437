import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { acceptExistingInvitation } from "./accept-existing-invitation.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { createInvitations } from "./create-invitations.ts";
import { getInvitation } from "./get-invitation.ts";
import { listInvitations } from "./list-invitations.ts";
import { resendInvitation } from "./resend-invitation.ts";
import { revokeInvitation } from "./revoke-invitation.ts";

/**
 * invitations.*: admins invite (rights: organizations/organization-access.ts);
 * the invited follow a single-use link. Functions that send email or count
 * attempts commit their writes themselves (ownTransaction), so a mail is only
 * sent for a committed invitation and a refused attempt still counts.
 */
export const invitationFunctions: ServerFunction[] = [
  implement(api.invitations.create, async (ctx, args) => createInvitations(ctx, args), {
    ownTransaction: true,
  }),
  implement(api.invitations.list, async (ctx) => listInvitations(ctx)),
  implement(api.invitations.resend, async (ctx, args) => resendInvitation(ctx, args), {
    ownTransaction: true,
  }),
  implement(api.invitations.revoke, async (ctx, args) => revokeInvitation(ctx, args)),
  implement(api.invitations.get, async (ctx, args) => getInvitation(ctx.db, args.token), {
    liveScope: "global",
  }),
  implement(api.invitations.accept, async (ctx, args) => ({
    tokens: await acceptInvitation(ctx, args),
  })),
  implement(
    api.invitations.acceptExisting,
    async (ctx, args) => acceptExistingInvitation(ctx, args),
    { ownTransaction: true },
  ),
];
