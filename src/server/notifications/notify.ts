import { and, eq, sql } from "drizzle-orm";
import {
  fullPreferences,
  type NotificationDelivery,
  type NotificationKind,
} from "#shared/schemas/notification.ts";
import type { Executor } from "../db/database.ts";
import { jobs, notificationPreferences, notifications } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { enqueueJob } from "../jobs/queue.ts";

/** The job kind that emails a member their pending notifications in one message (email-digest-job.ts). */
export const EMAIL_DIGEST_JOB = "notification-email-digest";

export interface NotifyInput {
  organizationId: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** An in-app path to open (e.g. /dossier?document=...), or none. */
  link?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Tell a member something happened: the one function every feature calls, in
 * its own transaction (the notification exists exactly when the change does).
 * The member's preference for the kind decides: 'off' writes nothing; 'inApp'
 * (the default) writes the notification; 'email' writes it too, marked
 * pending for the email digest, and makes sure a digest job is queued.
 * Returns the new notification's id, or null when the member turned the kind off.
 */
export async function notify(db: Executor, input: NotifyInput): Promise<string | null> {
  const delivery = await deliveryFor(db, input.userId, input.kind);
  if (delivery === "off") return null;
  const id = newId();
  const emailPending = delivery === "email";
  await db.insert(notifications).values({
    id,
    organizationId: input.organizationId,
    userId: input.userId,
    kind: input.kind,
    title: input.title.slice(0, 300),
    body: (input.body ?? "").slice(0, 2000),
    link: input.link ?? null,
    data: input.data ?? {},
    emailPending,
  });
  if (emailPending) await queueDigest(db, input);
  return id;
}

async function deliveryFor(
  db: Executor,
  userId: string,
  kind: NotificationKind,
): Promise<NotificationDelivery> {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return fullPreferences(row?.preferences)[kind];
}

/**
 * One queued digest per member: a burst of notifications (200 processed
 * documents) joins the digest already waiting rather than queuing its own.
 * The job waits for the digest delay itself (email-digest-job.ts).
 */
export async function queueDigest(
  db: Executor,
  options: { organizationId: string | null; userId: string; runAt?: Date },
): Promise<void> {
  const { organizationId, userId } = options;
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, EMAIL_DIGEST_JOB),
        eq(jobs.status, "queued"),
        sql`${jobs.payload}->>'userId' = ${userId}`,
      ),
    )
    .limit(1);
  if (queued) return;
  await enqueueJob(db, {
    kind: EMAIL_DIGEST_JOB,
    organizationId,
    payload: { userId },
    runAt: options.runAt,
  });
}
