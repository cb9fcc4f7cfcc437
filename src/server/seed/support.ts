import { and, eq } from "drizzle-orm";
import { supportMessages, supportRequests } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { DemoContext } from "./demo-context.ts";

const SUBJECT = "Citations point to the wrong page";

/**
 * One answered support request of the demo member, with support's reply
 * (decision 022). Idempotent: skipped once the member has it.
 */
export async function seedDemoSupport(ctx: DemoContext): Promise<void> {
  const { db, organizationId } = ctx;
  const userId = ctx.userIds.member;
  const [existing] = await db
    .select({ id: supportRequests.id })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, userId), eq(supportRequests.subject, SUBJECT)));
  if (existing) return;
  const now = Date.now();
  const asked = new Date(now - 3 * 3600_000);
  const answered = new Date(now - 0.3 * 3600_000);
  const id = newId();
  await db.insert(supportRequests).values({
    id,
    organizationId,
    userId,
    subject: SUBJECT,
    severity: "normal",
    status: "answered",
    lastMessageAt: answered,
    createdAt: asked,
    updatedAt: answered,
  });
  await db.insert(supportMessages).values([
    {
      id: newId(),
      organizationId,
      requestId: id,
      authorId: userId,
      fromSupport: false,
      body: "In the NDA chat, citation [2] opens page 4 of the contract, but the quoted clause is on page 2. Could you have a look?",
      createdAt: asked,
    },
    {
      id: newId(),
      organizationId,
      requestId: id,
      authorId: ctx.userIds.superadmin,
      fromSupport: true,
      body: "Thanks for the clear report, Max. Scanned PDFs counted their cover page twice; we fixed it for your organization, and citations now open the cited page. Let us know if you still see it.",
      createdAt: answered,
    },
  ]);
}
