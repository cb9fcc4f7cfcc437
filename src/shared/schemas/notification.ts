import { z } from "zod";

/**
 * What a member can be told about (decision 022). Every feature that notifies
 * names one of these kinds; the preferences page lists them with their labels.
 */
export const NOTIFICATION_KINDS = [
  "document.processed",
  "document.failed",
  "share.received",
  "module.finished",
  "invitation.accepted",
  "support.answered",
  "workflow.finished",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NOTIFICATION_KIND_LABELS: Record<
  NotificationKind,
  { label: string; description: string }
> = {
  "document.processed": {
    label: "Document processed",
    description: "A document you uploaded is ready to read, search and chat about.",
  },
  "document.failed": {
    label: "Document failed",
    description: "A document you uploaded could not be processed.",
  },
  "share.received": {
    label: "Shared with you",
    description: "Someone shared a folder or a document with you.",
  },
  "module.finished": {
    label: "Module run finished",
    description: "A module you ran has finished.",
  },
  "invitation.accepted": {
    label: "Invitation accepted",
    description: "Someone you invited joined the organization (admins).",
  },
  "support.answered": {
    label: "Support replied",
    description: "Support answered one of your requests.",
  },
  "workflow.finished": {
    label: "Workflow run finished",
    description: "A workflow you ran has finished or failed.",
  },
};

/**
 * A kind split out of another after members had chosen: until the member
 * chooses for it, it is delivered as they chose for the kind it came from
 * (workflow runs notified as "module.finished" before they had their own kind).
 */
export const NOTIFICATION_KIND_FALLBACKS: Partial<Record<NotificationKind, NotificationKind>> = {
  "workflow.finished": "module.finished",
};

/** How a member wants one kind delivered. */
export const NOTIFICATION_DELIVERIES = ["inApp", "email", "off"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];
export const notificationDeliverySchema = z.enum(NOTIFICATION_DELIVERIES, {
  message: "Choose in app, email or off",
});
export const DEFAULT_DELIVERY: NotificationDelivery = "inApp";

/** Per-kind choices; a kind left out keeps its current choice (or the default, in app). */
export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, notificationDeliverySchema.optional()]),
  ) as Record<NotificationKind, z.ZodOptional<typeof notificationDeliverySchema>>,
);
export type NotificationPreferences = Record<NotificationKind, NotificationDelivery>;

/** Every kind's choice, defaults filled in. */
export function fullPreferences(
  stored: Partial<Record<string, string>> | null | undefined,
): NotificationPreferences {
  const result = {} as NotificationPreferences;
  const choice = (kind: NotificationKind): NotificationDelivery | undefined => {
    const value = stored?.[kind];
    return notificationDeliverySchema.safeParse(value).success
      ? (value as NotificationDelivery)
      : undefined;
  };
  for (const kind of NOTIFICATION_KINDS) {
    const fallback = NOTIFICATION_KIND_FALLBACKS[kind];
    result[kind] = choice(kind) ?? (fallback && choice(fallback)) ?? DEFAULT_DELIVERY;
  }
  return result;
}

/** A notification as the API shows it. */
export const notificationSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, or null. */
  link: z.string().nullable(),
  /** When it was read; null while unread. */
  readAt: z.number().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Most unread notifications counted exactly; the bell shows "99+" beyond. */
export const UNREAD_COUNT_CAP = 100;
