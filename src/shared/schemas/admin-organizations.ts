import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { invitationOutcomeSchema } from "./organization.ts";
import { singleLineText } from "./text.ts";
import { emailSchema, firstNameSchema, lastNameSchema, organizationNameSchema } from "./user.ts";

/**
 * /admin/organizations (decision 026): every organization of the installation,
 * for superadmins. The dialogs and the contracts share these schemas.
 */

/** Usage figures cover this many days, today included. */
export const ORGANIZATION_USAGE_DAYS = 30;

export const ORGANIZATION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const organizationSlugSchema = singleLineText({ trim: true })
  .min(1, "Slug is required")
  .max(60, "Slug must be at most 60 characters")
  .regex(ORGANIZATION_SLUG_PATTERN, "Slug may only contain lower-case letters, digits and dashes");

export const SUSPEND_REASON_MAX = 500;

export const adminOrganizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Active accounts in it (disabled ones not counted). */
  memberCount: z.number(),
  adminCount: z.number(),
  /** Invitations not yet accepted, withdrawn or expired. */
  pendingInvitations: z.number(),
  documentCount: z.number(),
  /** Bytes of its documents' originals. */
  storageBytes: z.number(),
  /** Over the last ORGANIZATION_USAGE_DAYS days. */
  usage: z.object({
    threads: z.number(),
    messages: z.number(),
    tokens: z.number(),
    activeUsers: z.number(),
  }),
  status: z.enum(["active", "suspended"]),
  suspendedAt: z.number().nullable(),
  suspendedReason: z.string().nullable(),
  createdAt: z.number(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const listOrganizationsSchema = z.object({
  /** Part of the name or slug, ignoring case. */
  search: singleLineText({ trim: true }).max(200, "Search is too long").optional(),
});

export const firstAdminSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
});

export const createOrganizationSchema = z.object({
  name: organizationNameSchema,
  /** Derived from the name when absent. */
  slug: organizationSlugSchema.optional(),
  /** Invited as the organization's admin. */
  firstAdmin: firstAdminSchema.optional(),
});
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

export const createOrganizationResultSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The first admin's invitation (its link to copy when not emailed); null without one. */
  invitation: invitationOutcomeSchema.nullable(),
});
export type CreateOrganizationResult = z.infer<typeof createOrganizationResultSchema>;

export const updateAdminOrganizationSchema = z.object({
  organizationId: idSchema,
  name: organizationNameSchema.optional(),
  slug: organizationSlugSchema.optional(),
});

export const suspendOrganizationSchema = z.object({
  organizationId: idSchema,
  reason: singleLineText({ trim: true })
    .max(SUSPEND_REASON_MAX, `Reason must be at most ${SUSPEND_REASON_MAX} characters`)
    .optional(),
});

export const organizationIdArgsSchema = z.object({ organizationId: idSchema });
