import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { singleLineText } from "./text.ts";
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  organizationNameSchema,
  passwordSchema,
  roleSchema,
} from "./user.ts";

/**
 * The organization page (/account/organization): the organization, its
 * members, its invitations and its usage (decision 021). The forms and the
 * contracts share these schemas.
 */

/** At most this many addresses in one invitations.create. */
export const MAX_INVITATIONS_AT_ONCE = 50;
/** An invitation link works for this long after it was (re)sent. */
export const INVITATION_TTL_DAYS = 7;
/** Usage covers the current month and the five before it. */
export const USAGE_MONTHS = 6;

export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The organization's default model for new chats (null: the server's default). */
  defaultModelId: z.string().nullable(),
  memberCount: z.number(),
  /** The caller's role in it. */
  myRole: roleSchema,
  /** Whether the caller may manage it (organization admins and superadmins). */
  canManage: z.boolean(),
  /** Whether invitations are emailed (SMTP_URL and MAIL_FROM); else links are copied. */
  mailConfigured: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const memberSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  isSuperadmin: z.boolean(),
  disabled: z.boolean(),
  /** Last use of any session (ms), or null: never signed in. */
  lastActiveAt: z.number().nullable(),
  /** When the account joined (ms). */
  joinedAt: z.number(),
  isMe: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationStatusSchema = z.enum(["pending", "expired", "accepted", "revoked"]);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number(),
  lastSentAt: z.number().nullable(),
  sendCount: z.number(),
  acceptedAt: z.number().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** One answer per address of invitations.create (and the answer of invitations.resend). */
export const invitationOutcomeSchema = z.object({
  email: z.string(),
  /** invited: a new invitation; the others were not invited again. */
  status: z.enum(["invited", "alreadyMember", "alreadyInvited"]),
  invitationId: z.string().nullable(),
  /** The link to send by hand when it was not emailed (only given when invited). */
  link: z.string().nullable(),
  emailed: z.boolean(),
  /** Why it was not emailed or not invited, in words. */
  message: z.string().nullable(),
});
export type InvitationOutcome = z.infer<typeof invitationOutcomeSchema>;

/** Split a pasted list of addresses (commas, semicolons, spaces, new lines). */
export function splitEmailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export const createInvitationsSchema = z.object({
  emails: z
    .array(emailSchema)
    .min(1, "Enter at least one email address")
    .max(MAX_INVITATIONS_AT_ONCE, `At most ${MAX_INVITATIONS_AT_ONCE} addresses at once`),
  role: roleSchema,
});

/** What a public invitation link shows before it is accepted. */
export const invitationPreviewSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("valid"),
    organizationName: z.string(),
    email: z.string(),
    role: roleSchema,
    /** An account with this email exists: sign in and join instead of creating one. */
    accountExists: z.boolean(),
  }),
  z.object({ status: z.enum(["invalid", "expired", "accepted", "revoked"]) }),
]);
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenSchema = singleLineText({ trim: true })
  .min(1, "The invitation link is incomplete")
  .max(200, "The invitation link is not valid");

export const acceptInvitationSchema = z.object({
  token: invitationTokenSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  password: passwordSchema,
});

export const updateOrganizationSchema = z.object({
  name: organizationNameSchema.optional(),
  /** null clears it (the server's default applies). */
  defaultModelId: singleLineText().min(1).max(200).nullable().optional(),
});

export const setMemberRoleSchema = z.object({ userId: idSchema, role: roleSchema });

export const removeMemberSchema = z.object({
  userId: idSchema,
  /** Who receives their documents, folders, threads and drafts; absent: they are deleted. */
  transferToUserId: idSchema.optional(),
});

export const usageSchema = z.object({
  documents: z.object({ count: z.number(), bytes: z.number() }),
  /** Oldest first; every month of the period, with no rows when nothing happened. */
  months: z.array(
    z.object({
      /** "2026-11" */
      month: z.string(),
      models: z.array(
        z.object({
          modelId: z.string(),
          label: z.string(),
          /** Chats (threads) that got an answer from this model in the month. */
          chats: z.number(),
          answers: z.number(),
          tokens: z.number(),
        }),
      ),
    }),
  ),
});
export type Usage = z.infer<typeof usageSchema>;
