import { eq } from "drizzle-orm";
import type { SupportMessage } from "#shared/schemas/support.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { supportMessages, supportRequests, users } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { notify } from "../notifications/notify.ts";
import { requireVisibleRequest } from "./support-access.ts";
import { messageView } from "./support-view.ts";

/**
 * A message on a request's thread. From a superadmin who is not the requester
 * it is support's answer: the request becomes 'answered' and the requester is
 * notified (support.answered). From the requester it reopens the request.
 */
export async function replyToRequest(options: {
  db: Executor;
  caller: Identity;
  requestId: string;
  body: string;
}): Promise<SupportMessage> {
  const { db, caller } = options;
  const request = await requireVisibleRequest(db, caller, options.requestId, { forUpdate: true });
  const fromSupport = caller.isSuperadmin && caller.userId !== request.userId;
  const now = new Date();
  const [message] = await db
    .insert(supportMessages)
    .values({
      id: newId(),
      organizationId: request.organizationId,
      requestId: request.id,
      authorId: caller.userId,
      fromSupport,
      body: options.body,
      createdAt: now,
    })
    .returning();
  await db
    .update(supportRequests)
    .set({ status: fromSupport ? "answered" : "open", lastMessageAt: now, updatedAt: now })
    .where(eq(supportRequests.id, request.id));
  if (fromSupport) {
    await notify(db, {
      organizationId: request.organizationId,
      userId: request.userId,
      kind: "support.answered",
      title: `Support replied: “${request.subject}”`,
      body: options.body.trim().replace(/\s+/g, " ").slice(0, 200),
      link: `/account/support?request=${request.id}`,
      data: { requestId: request.id },
    });
  }
  const [author] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId));
  return messageView(message!, author);
}
