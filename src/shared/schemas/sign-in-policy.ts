import { z } from "zod";
import { ROLES } from "../constants.ts";
import { singleLineText } from "./text.ts";

/** A bare domain name, lower case: example.com, mail.example.co.uk. */
export const emailDomainSchema = singleLineText({ trim: true })
  .toLowerCase()
  .max(253, "A domain is at most 253 characters")
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "Enter a domain such as example.com",
  );

export const signInPolicySchema = z.object({
  /** People with a verified address at these domains may be created by single sign-on. */
  allowedDomains: z.array(z.string()),
  defaultRole: z.enum(ROLES),
  /** Members must sign in with single sign-on (passwords and emailed codes refused). */
  requireSso: z.boolean(),
  /** Members with a password must use a second factor (set it up at their next sign-in). */
  requireTwoFactor: z.boolean(),
  /** Whether this server has any single sign-on provider configured. */
  ssoConfigured: z.boolean(),
  /** The providers configured (names for the page). */
  providers: z.array(z.string()),
});
export type SignInPolicy = z.infer<typeof signInPolicySchema>;

export const updateSignInPolicySchema = z.strictObject({
  allowedDomains: z.array(emailDomainSchema).max(50, "At most 50 domains").optional(),
  defaultRole: z.enum(ROLES).optional(),
  requireSso: z.boolean().optional(),
  requireTwoFactor: z.boolean().optional(),
});
