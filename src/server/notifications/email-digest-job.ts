import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../api/context.ts";
import { notifications, users } from "../db/schema.ts";
import type { JobHandler } from "../jobs/types.ts";
import { sendMail } from "../mail/send-mail.ts";
import { composeDigest } from "./email-digest.ts";
import { EMAIL_DIGEST_JOB, queueDigest } from "./notify.ts";

const payloadSchema = z.object({ userId: z.uuid() });

/**
 * Job kind 'notification-email-digest' ({userId}): one email for everything a
 * member has pending. notify() queues it when a member who chose email gets a
 * notification and none is queued. The first run finds the oldest pending
 * notification and, if the delay since it has not passed, queues itself
 * again for then: everything that arrives meanwhile (a burst of 200
 * processed documents) goes in the same email. Sending failures throw, so
 * the queue retries with backoff; the notifications stay pending until sent.
 */
export function emailDigestJob(): JobHandler {
  return {
    kind: EMAIL_DIGEST_JOB,
    async run(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) {
        ctx.log.error({ payload: ctx.job.payload }, "email digest job without a user id");
        return;
      }
      await sendDigest(ctx.services, parsed.data.userId, ctx.job.organizationId);
    },
  };
}

async function sendDigest(
  services: Services,
  userId: string,
  organizationId: string | null,
): Promise<void> {
  const db = services.database.db;
  const { config, log } = services;
  const pending = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.emailPending, true)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  if (pending.length === 0) return;

  if (!config.mail) {
    // Mail was turned off since these were written: they stay in the app only.
    await settle(
      services,
      pending.map((n) => n.id),
      null,
    );
    log.warn({ userId, count: pending.length }, "email digest dropped: mail is not configured");
    return;
  }
  const sendAt = pending[0]!.createdAt.getTime() + config.notificationEmailDelayMs;
  if (sendAt > Date.now() + 500) {
    await queueDigest(db, { organizationId, userId, runAt: new Date(sendAt) });
    return;
  }
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.disabled) {
    await settle(
      services,
      pending.map((n) => n.id),
      null,
    );
    return;
  }
  const message = composeDigest({
    appName: config.appName,
    publicUrl: config.publicUrl,
    firstName: user.firstName,
    notifications: pending,
  });
  await sendMail(config.mail, { to: user.email, ...message });
  await settle(
    services,
    pending.map((n) => n.id),
    new Date(),
  );
  log.info({ userId, count: pending.length }, "sent an email digest");
}

/** No longer pending: emailed now, or (emailedAt null) not to be emailed at all. */
async function settle(services: Services, ids: string[], emailedAt: Date | null): Promise<void> {
  const db = services.database.db;
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .update(notifications)
      .set({ emailPending: false, emailedAt })
      .where(inArray(notifications.id, ids.slice(start, start + 500)));
  }
}
