import { inArray, sql } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import type { InvitationOutcome } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { invitations } from "../db/schema.ts";
import { sendMail } from "../mail/send-mail.ts";
import { invitationEmail } from "./invitation-email.ts";
import { invitationLink } from "./invitation-tokens.ts";

export const MAIL_NOT_CONFIGURED =
  "Email is not configured on this server, copy the link and send it yourself.";

const MAIL_FAILED = "The email could not be sent; copy the link and send it yourself.";

export interface NewLink {
  invitationId: string;
  email: string;
  role: Role;
  token: string;
}

/**
 * Email each new link (after its invitation has committed, so a mail never
 * carries a link that does not exist), and record which were sent. Without
 * SMTP, or when the server refuses a mail, the answer says so and carries the
 * link to copy.
 */
export async function deliverInvitations(
  ctx: FunctionCtx,
  links: NewLink[],
  context: { organizationName: string; inviterName: string | null },
): Promise<InvitationOutcome[]> {
  const { config } = ctx.services;
  const base =
    config.publicUrlConfigured || !ctx.request.origin ? config.publicUrl : ctx.request.origin;
  const outcomes: InvitationOutcome[] = [];
  const sent: string[] = [];
  // After one refusal the others are not tried: a dead mail server would make an admin wait
  // for a connection timeout per address.
  let mailFailed = false;
  for (const item of links) {
    const link = invitationLink(base, item.token);
    const outcome: InvitationOutcome = {
      email: item.email,
      status: "invited",
      invitationId: item.invitationId,
      link,
      emailed: false,
      message: null,
    };
    if (!config.mail) {
      outcome.message = MAIL_NOT_CONFIGURED;
    } else if (mailFailed) {
      outcome.message = MAIL_FAILED;
    } else {
      try {
        await sendMail(
          config.mail,
          invitationEmail({
            to: item.email,
            appName: config.appName,
            role: item.role,
            link,
            ...context,
          }),
        );
        outcome.emailed = true;
        sent.push(item.invitationId);
      } catch (error) {
        ctx.log.warn({ err: error }, "invitation email not sent");
        mailFailed = true;
        outcome.message = MAIL_FAILED;
      }
    }
    outcomes.push(outcome);
  }
  if (sent.length > 0) {
    await ctx.transaction((tx) =>
      tx
        .update(invitations)
        .set({ lastSentAt: new Date(), sendCount: sql`${invitations.sendCount} + 1` })
        .where(inArray(invitations.id, sent)),
    );
  }
  return outcomes;
}
