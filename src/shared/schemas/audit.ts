import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { singleLineText } from "./text.ts";

/** What a superadmin opened in /admin (decision 024); each look is one audit line. */
export const LOOK_ACTIONS = {
  dossier: "admin.look.dossier",
  document: "admin.look.document",
  thread: "admin.look.thread",
} as const;
export type LookAction = (typeof LOOK_ACTIONS)[keyof typeof LOOK_ACTIONS];

/** What a look's target is. */
export const LOOK_TARGET_TYPES = ["organization", "folder", "document", "thread"] as const;
export type LookTargetType = (typeof LOOK_TARGET_TYPES)[number];

/** A time bound of the log's filters, in milliseconds since the epoch. */
const instantSchema = z
  .number()
  .int("Choose a valid date")
  .min(0, "Choose a valid date")
  .max(8_640_000_000_000_000, "Choose a valid date");

/** The log's filters, shared by admin.audit.list and the export route. */
export const auditFilterSchema = z.object({
  actorUserId: idSchema.optional(),
  organizationId: idSchema.optional(),
  action: singleLineText({ trim: true }).min(1).max(100, "Unknown action").optional(),
  /** From this instant (inclusive). */
  from: instantSchema.optional(),
  /** Until this instant (exclusive). */
  to: instantSchema.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** One line of the audit log as /admin/audit and the export show it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  /** "First Last", else the email; null for an unknown or missing actor. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The export's formats: CSV (spreadsheets) or one JSON object per line. */
export const AUDIT_EXPORT_FORMATS = ["csv", "jsonl"] as const;

/** Why a filter's time range is empty, if it is (the list and the export refuse it). */
export function timeRangeProblem(filter: Pick<AuditFilter, "from" | "to">): string | undefined {
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to) {
    return "The start must be before the end";
  }
  return undefined;
}

/** GET /api/admin/audit/export's query: a format and the list's filters (as text). */
export const auditExportQuerySchema = z.object({
  format: z.enum(AUDIT_EXPORT_FORMATS, { message: "Choose csv or jsonl" }),
  actorUserId: idSchema.optional(),
  organizationId: idSchema.optional(),
  action: singleLineText({ trim: true }).min(1).max(100).optional(),
  from: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  to: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
});

/** A superadmin's look at something of the caller's (the /account card). */
export const lookAtMeSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  action: z.string(),
  targetType: z.string().nullable(),
  /** The item's name when it was looked at. */
  targetName: z.string().nullable(),
  actorName: z.string(),
});
export type LookAtMe = z.infer<typeof lookAtMeSchema>;
