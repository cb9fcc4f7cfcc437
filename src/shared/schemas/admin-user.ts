import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../constants.ts";
import { idSchema, paginated, paginationOptsSchema } from "./dossier.ts";
import { singleLineText } from "./text.ts";
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DONT_MATCH,
  passwordSchema,
  roleSchema,
} from "./user.ts";

/**
 * The superadmin's user management (/admin/users, decision 025): the list's
 * filters and rows, one user's page, and SPEC 5's "User edit" rules shared by
 * the form and `admin.users.update`.
 */

export const LAST_ACTIVE_FILTERS = ["7d", "30d", "90d", "never"] as const;
export type LastActiveFilter = (typeof LAST_ACTIVE_FILTERS)[number];

export const ORGANIZATION_REQUIRED = "Choose an organization";

/** The list's filters (all optional); `organizationId: null` is "no organization". */
export const adminUserFiltersSchema = z.object({
  search: singleLineText({ trim: true }).max(200, "Search is too long").optional(),
  organizationId: idSchema.nullable().optional(),
  role: roleSchema.optional(),
  superadmin: z.boolean().optional(),
  disabled: z.boolean().optional(),
  lastActive: z.enum(LAST_ACTIVE_FILTERS).optional(),
});
export type AdminUserFilters = z.infer<typeof adminUserFiltersSchema>;

export const adminUserListArgsSchema = adminUserFiltersSchema.extend({
  paginationOpts: paginationOptsSchema,
});

const organizationRef = z.object({ _id: z.string(), name: z.string() });

export const adminUserRowSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organization: organizationRef.nullable(),
  role: roleSchema,
  isSuperadmin: z.boolean(),
  disabled: z.boolean(),
  lastActiveAt: z.number().nullable(),
  createdAt: z.number(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserPageSchema = paginated(adminUserRowSchema);

export const adminSessionSchema = z.object({
  _id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  /** The session the caller is using right now. */
  isCurrent: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminAuditEventSchema = z.object({
  _id: z.string(),
  action: z.string(),
  createdAt: z.number(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

export const adminUserDetailSchema = adminUserRowSchema.extend({
  lastSignInAt: z.number().nullable(),
  /** The caller is looking at their own account. */
  isMe: z.boolean(),
  sessions: z.array(adminSessionSchema),
  recentEvents: z.array(adminAuditEventSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** An organization to choose in the forms' select. */
export const adminOrganizationOptionSchema = organizationRef;

// ---------------------------------------------------------------------------
// SPEC 5, "User edit". Each text field may be left empty, which keeps what is
// stored (decision 025); a field with anything typed in it must be valid.

const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]);

/** The edit form's values, all strings as typed; `organizationId` "" is "no organization". */
export const adminUserEditFields = {
  firstName: emptyOr(firstNameSchema),
  lastName: emptyOr(lastNameSchema),
  // A regex, not a pipe into z.email(): inside the union a pipe's failure would
  // read "Invalid input" instead of the field's own message.
  email: emptyOr(
    singleLineText({ trim: true })
      .max(254, "Email address is too long")
      .regex(z.regexes.email, "Invalid email address"),
  ),
  newPassword: emptyOr(
    singleLineText()
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
      .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  ),
  confirmPassword: singleLineText().max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  organizationId: z.union([z.literal(""), idSchema]),
  role: roleSchema,
};

interface PasswordPair {
  newPassword: string;
  confirmPassword: string;
}
const passwordsMatch = (v: PasswordPair) => v.newPassword === v.confirmPassword;
const matchRule = { message: PASSWORDS_DONT_MATCH, path: ["confirmPassword"] };

interface OrganizationChoice {
  organizationId: string | null;
  isSuperadmin: boolean;
}
/** Only a superadmin may belong to no organization. */
const organizationChosen = (v: OrganizationChoice) => v.isSuperadmin || !!v.organizationId;
const organizationRule = { message: ORGANIZATION_REQUIRED, path: ["organizationId"] };

/** The edit form (its string fields; the superadmin switch is checked with the server's args). */
export const adminUserEditFormSchema = z
  .object(adminUserEditFields)
  .refine(passwordsMatch, matchRule);
export type AdminUserEditForm = z.input<typeof adminUserEditFormSchema>;

/** `admin.users.update`: the form's fields plus the user and the superadmin flag. */
export const adminUserUpdateArgsSchema = z
  .object({ userId: idSchema, ...adminUserEditFields, isSuperadmin: z.boolean() })
  .refine(passwordsMatch, matchRule)
  .refine(
    (v) => organizationChosen({ organizationId: v.organizationId, isSuperadmin: v.isSuperadmin }),
    organizationRule,
  );
export type AdminUserUpdateArgs = z.output<typeof adminUserUpdateArgsSchema>;

/** The "New user" dialog and `admin.users.create`: every field required. */
export const adminUserCreateFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordSchema,
  organizationId: z.union([z.literal(""), idSchema]),
  role: roleSchema,
};
export const adminUserCreateArgsSchema = z
  .object({ ...adminUserCreateFields, isSuperadmin: z.boolean() })
  .refine(
    (v) => organizationChosen({ organizationId: v.organizationId, isSuperadmin: v.isSuperadmin }),
    organizationRule,
  );
export type AdminUserCreateArgs = z.output<typeof adminUserCreateArgsSchema>;
