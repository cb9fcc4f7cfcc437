import { and, eq } from "drizzle-orm";
import { messages, supportMessages, supportRequests, threads } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

const THREAD_TITLE = "Notice period in the office lease";
const REQUEST_SUBJECT = "Invitation link says it expired";

/**
 * What the superadmin pages show on a fresh demo (decision 024): a finished
 * chat of the demo member (readable in /admin/chat without a model) and an
 * open support request of the demo admin for the inbox. Idempotent.
 */
export async function seedDemoAdminLooks(ctx: DemoContext): Promise<void> {
  const { db, organizationId } = ctx;
  const member = ctx.userIds.member;
  const [thread] = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.userId, member), eq(threads.title, THREAD_TITLE)));
  if (!thread) {
    const id = newId();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db
      .insert(threads)
      .values({ id, organizationId, userId: member, title: THREAD_TITLE, lastMessageAt: at(42) });
    const turns: ["user" | "assistant", string][] = [
      ["user", "What notice do we have to give to leave the office lease early?"],
      [
        "assistant",
        "The lease allows an early exit with **six months' written notice**, given on a quarter day:\n\n1. Send the notice to the landlord's registered address.\n2. Pay the break fee of **three months' rent**.\n3. Hand back the premises in the condition of the schedule of condition.\n\nThe clause does not apply in the first two years of the term.",
      ],
      ["user", "Draft a two-line reminder for the team."],
      [
        "assistant",
        "> Reminder: leaving the office lease early needs six months' written notice on a quarter day, plus a break fee of three months' rent.",
      ],
    ];
    await db.insert(messages).values(
      turns.map(([role, text], seq) => ({
        id: newId(),
        organizationId,
        threadId: id,
        userId: member,
        role,
        parts: [{ type: "text", text }],
        seq,
        status: "complete" as const,
        createdAt: at(50 - seq * 2),
        updatedAt: at(50 - seq * 2),
      })),
    );
  }
  const admin = ctx.userIds.admin;
  const [request] = await db
    .select({ id: supportRequests.id })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, admin), eq(supportRequests.subject, REQUEST_SUBJECT)));
  if (request) return;
  const id = newId();
  const asked = new Date(Date.now() - 25 * 60_000);
  await db.insert(supportRequests).values({
    id,
    organizationId,
    userId: admin,
    subject: REQUEST_SUBJECT,
    severity: "high",
    status: "open",
    lastMessageAt: asked,
    createdAt: asked,
    updatedAt: asked,
  });
  await db.insert(supportMessages).values({
    id: newId(),
    organizationId,
    requestId: id,
    authorId: admin,
    fromSupport: false,
    body: "A new associate opened the invitation I sent this morning and was told the link expired. Can you check?",
    createdAt: asked,
  });
}
