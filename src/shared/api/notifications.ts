import { z } from "zod";
import { idSchema, paginated, paginationOptsSchema } from "../schemas/dossier.ts";
import {
  notificationDeliverySchema,
  notificationPreferencesSchema,
  notificationSchema,
} from "../schemas/notification.ts";
import { mutationContract, queryContract } from "./define.ts";

/** The caller's notifications, newest first, in cursor pages (SPEC 7's shape; the cursor starts null). */
export const list = queryContract("notifications.list", {
  args: z.object({ paginationOpts: paginationOptsSchema }),
  returns: paginated(notificationSchema),
});

/** How many of the caller's notifications are unread (counted up to 100: `capped` beyond). */
export const unreadCount = queryContract("notifications.unreadCount", {
  args: z.object({}),
  returns: z.object({ count: z.number(), capped: z.boolean() }),
});

/** Mark some of the caller's notifications read; ids of others' notifications are ignored. */
export const markRead = mutationContract("notifications.markRead", {
  args: z.object({ notificationIds: z.array(idSchema).min(1).max(200) }),
  returns: z.object({ count: z.number() }),
});

/** Mark every notification of the caller read. */
export const markAllRead = mutationContract("notifications.markAllRead", {
  args: z.object({}),
  returns: z.object({ count: z.number() }),
});

const preferencesResult = z.object({
  /** Every kind's delivery, defaults (in app) filled in. */
  preferences: z.record(z.string(), notificationDeliverySchema),
  /** Whether this server can send email (SMTP_URL and MAIL_FROM are set). */
  emailAvailable: z.boolean(),
});

/** The caller's per-kind delivery, and whether email is possible here. */
export const getPreferences = queryContract("notifications.getPreferences", {
  args: z.object({}),
  returns: preferencesResult,
});

/** Change some kinds' delivery; kinds left out keep theirs. Email needs SMTP configured. */
export const setPreferences = mutationContract("notifications.setPreferences", {
  args: z.object({ preferences: notificationPreferencesSchema }),
  returns: preferencesResult,
});
