import type { Role } from "#shared/constants.ts";
import { INVITATION_TTL_DAYS } from "#shared/schemas/organization.ts";
import type { MailMessage } from "../mail/send-mail.ts";

export interface InvitationEmail {
  to: string;
  appName: string;
  organizationName: string;
  inviterName: string | null;
  role: Role;
  link: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation email, as plain text and HTML. */
export function invitationEmail(options: InvitationEmail): MailMessage {
  const who = options.inviterName ?? "An administrator";
  const role = options.role === "OrganizationAdmin" ? "an organization admin" : "a member";
  const subject = `${who} invited you to ${options.organizationName} on ${options.appName}`;
  const intro = `${who} invited you to join ${options.organizationName} on ${options.appName} as ${role}.`;
  const expiry = `The link works once and expires in ${INVITATION_TTL_DAYS} days.`;
  const text = [
    intro,
    "",
    "Accept the invitation and set up your account:",
    options.link,
    "",
    expiry,
    "If you did not expect this invitation, you can ignore this email.",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="480" cellspacing="0" cellpadding="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 8px;font-size:13px;color:#71717a">${e(options.appName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">Join ${e(options.organizationName)}</h1>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5">${e(intro)}</p>
<p style="margin:0 0 24px"><a href="${e(options.link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">Accept the invitation</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#71717a">${e(expiry)} If the button does not work, open this address:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${e(options.link)}">${e(options.link)}</a></p>
<p style="margin:0;font-size:12px;color:#a1a1aa">If you did not expect this invitation, you can ignore this email.</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to: options.to, subject, text, html };
}
