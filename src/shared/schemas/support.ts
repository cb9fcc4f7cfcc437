import { z } from "zod";
import { multiLineText, singleLineText } from "./text.ts";

/** How urgent a support request is, as the requester sees it. */
export const SUPPORT_SEVERITIES = ["low", "normal", "high", "urgent"] as const;
export type SupportSeverity = (typeof SUPPORT_SEVERITIES)[number];
export const SUPPORT_SEVERITY_LABELS: Record<SupportSeverity, { label: string; hint: string }> = {
  low: { label: "Low", hint: "A question, no hurry." },
  normal: { label: "Normal", hint: "Something does not work as expected." },
  high: { label: "High", hint: "It blocks part of my work." },
  urgent: { label: "Urgent", hint: "I cannot work." },
};
export const supportSeveritySchema = z.enum(SUPPORT_SEVERITIES, {
  message: "Choose low, normal, high or urgent",
});

export const SUPPORT_STATUSES = ["open", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const supportSubjectSchema = singleLineText({ trim: true })
  .min(1, "Subject is required")
  .max(150, "Subject must be at most 150 characters");

export const supportMessageSchema = multiLineText()
  .refine((v) => v.trim().length > 0, "Message is required")
  .refine((v) => v.length <= 10_000, "Message must be at most 10000 characters");

/** The request form's fields; the API and the form share them. */
export const supportRequestFieldsSchema = z.object({
  subject: supportSubjectSchema,
  message: supportMessageSchema,
  severity: supportSeveritySchema,
  /** A document of the dossier the request is about; blank or absent: none. */
  documentId: singleLineText({ trim: true }).max(100, "Invalid id").optional(),
});
export type SupportRequestFields = z.input<typeof supportRequestFieldsSchema>;

/** A request as the member's list shows it. */
export const supportRequestSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  subject: z.string(),
  severity: supportSeveritySchema,
  status: z.enum(SUPPORT_STATUSES),
  documentId: z.string().nullable(),
  documentName: z.string().nullable(),
  lastMessageAt: z.number(),
  messageCount: z.number(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportMessageViewSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  body: z.string(),
  /** Written by support (a superadmin), not the requester. */
  fromSupport: z.boolean(),
  authorName: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageViewSchema>;

/** One request with its thread. */
export const supportThreadSchema = supportRequestSchema.extend({
  requester: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  messages: z.array(supportMessageViewSchema),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;
