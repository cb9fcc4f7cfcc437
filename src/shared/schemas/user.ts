import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES } from "../constants.ts";
import { singleLineText } from "./text.ts";

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

export const roleSchema = z.enum(ROLES, { message: "Role must be Member or OrganizationAdmin" });

export const emailSchema = singleLineText({ trim: true })
  .max(254, "Email address is too long")
  .pipe(z.email("Invalid email address"));

export const passwordSchema = singleLineText()
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

export const firstNameSchema = singleLineText({ trim: true })
  .min(1, "First name is required")
  .max(100, "First name must be at most 100 characters");
export const lastNameSchema = singleLineText({ trim: true })
  .min(1, "Last name is required")
  .max(100, "Last name must be at most 100 characters");

export const organizationNameSchema = singleLineText({ trim: true })
  .min(1, "Organization name is required")
  .max(120, "Organization name must be at most 120 characters");

/** The profile form and `users.updateProfile`. */
export const profileSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });

/** The password form; `users.changePassword` takes the first two fields. */
export const changePasswordSchema = z.object({
  currentPassword: singleLineText().min(1, "Current password is required").max(MAX_PASSWORD_LENGTH),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: singleLineText() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });

export const userSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isSuperadmin: z.boolean(),
  role: roleSchema,
  organizationId: z.string().nullable(),
  organization: z.object({ _id: z.string(), name: z.string(), slug: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;
