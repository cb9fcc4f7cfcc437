import { and, eq, sql } from "drizzle-orm";
import { notifications } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

const HOUR = 3600_000;

/**
 * A few notifications for the demo member, some already read, spread over
 * the date buckets (decision 022). Idempotent: skipped once the member has
 * the demo's notifications.
 */
export async function seedDemoNotifications(ctx: DemoContext): Promise<void> {
  const { db, organizationId } = ctx;
  const userId = ctx.userIds.member;
  const [seeded] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.data}->>'demo' = 'true'`))
    .limit(1);
  if (seeded) return;
  const now = Date.now();
  const rows = [
    {
      kind: "support.answered",
      title: "Support replied: “Citations point to the wrong page”",
      body: "We found the cause and fixed it for your organization.",
      link: "/account/support", // the demo support request (seed/support.ts)
      ageMs: 0.3 * HOUR,
      read: false,
    },
    {
      kind: "share.received",
      title: "Olivia Admin shared “Client onboarding” with you",
      body: "You can view and edit its documents.",
      link: "/dossier",
      ageMs: 2 * HOUR,
      read: false,
    },
    {
      kind: "module.finished",
      title: "Contract review finished",
      body: "3 drafts are ready for review.",
      link: "/modules/drafts",
      ageMs: 26 * HOUR,
      read: true,
    },
    {
      kind: "document.failed",
      title: "“scan-0042.pdf” could not be processed",
      body: "The file is password-protected. Remove the password and upload it again.",
      link: "/dossier",
      ageMs: 4 * 24 * HOUR,
      read: true,
    },
    {
      kind: "invitation.accepted",
      title: "Priya Patel joined Northwind Legal",
      body: "She accepted your invitation as a Member.",
      link: "/account/organization",
      ageMs: 12 * 24 * HOUR,
      read: true,
    },
  ];
  await db.insert(notifications).values(
    rows.map((row) => ({
      id: newId(),
      organizationId,
      userId,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      data: { demo: true },
      readAt: row.read ? new Date(now - row.ageMs + 60_000) : null,
      createdAt: new Date(now - row.ageMs),
    })),
  );
}
