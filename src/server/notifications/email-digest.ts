import type { Notification } from "#shared/schemas/notification.ts";

/** Most notifications listed in one digest; the rest are counted. */
export const DIGEST_LIST_LIMIT = 50;

export interface DigestInput {
  appName: string;
  publicUrl: string;
  firstName: string;
  notifications: Pick<Notification, "title" | "body" | "link">[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** One email for a member's pending notifications: subject, plain text and HTML. */
export function composeDigest(input: DigestInput) {
  const { notifications, appName, publicUrl } = input;
  const count = notifications.length;
  const subject =
    count === 1
      ? `${appName}: ${notifications[0]!.title}`
      : `${appName}: ${count} new notifications`;
  const listed = notifications.slice(0, DIGEST_LIST_LIMIT);
  const more = count - listed.length;
  const url = (link: string | null) => (link ? `${publicUrl}${link}` : null);
  const allUrl = `${publicUrl}/account/notifications`;
  const greeting = input.firstName ? `Hello ${input.firstName},` : "Hello,";
  const intro =
    count === 1 ? "Here is what happened:" : `Here are your ${count} new notifications:`;

  const textLines = listed.map((n) => {
    const parts = [`- ${n.title}`];
    if (n.body) parts.push(`  ${n.body}`);
    const href = url(n.link);
    if (href) parts.push(`  ${href}`);
    return parts.join("\n");
  });
  if (more > 0) textLines.push(`… and ${more} more.`);
  const text = [
    greeting,
    "",
    intro,
    "",
    ...textLines,
    "",
    `See them all: ${allUrl}`,
    "",
    `You get these emails because you chose email for these notifications in ${appName}. Change it at ${allUrl}.`,
  ].join("\n");

  const items = listed
    .map((n) => {
      const href = url(n.link);
      const title = href
        ? `<a href="${escapeHtml(href)}">${escapeHtml(n.title)}</a>`
        : escapeHtml(n.title);
      const body = n.body ? `<br><span style="color:#555">${escapeHtml(n.body)}</span>` : "";
      return `<li style="margin:0 0 8px">${title}${body}</li>`;
    })
    .join("");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items}</ul>`,
    more > 0 ? `<p>… and ${more} more.</p>` : "",
    `<p><a href="${escapeHtml(allUrl)}">See them all in ${escapeHtml(appName)}</a></p>`,
    `<p style="color:#777;font-size:12px">You get these emails because you chose email for these notifications. Change it on the notifications page.</p>`,
  ].join("");
  return { subject, text, html };
}
