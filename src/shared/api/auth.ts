import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../constants.ts";
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  organizationNameSchema,
  passwordSchema,
} from "../schemas/user.ts";
import { actionContract, queryContract } from "./define.ts";

export const tokensSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

const passwordSignIn = z.strictObject({
  provider: z.literal("password"),
  params: z.strictObject({
    email: z.string().trim().min(1, "Email is required").max(254, "Email address is too long"),
    password: z.string().min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
  }),
  verifier: z.string().optional(),
});

const refreshSignIn = z.strictObject({ refreshToken: z.string().min(1).max(512) });

export const signIn = actionContract("auth.signIn", {
  args: z.union([passwordSignIn, refreshSignIn]),
  returns: z.object({ tokens: tokensSchema }),
  access: "public",
});

export const signOut = actionContract("auth.signOut", {
  args: z.object({}),
  returns: z.null(),
});

export const setupStatus = queryContract("setup.status", {
  args: z.object({}),
  returns: z.object({ needsSetup: z.boolean() }),
  access: "public",
});

export const setupSchema = z.object({
  token: z.string().min(1, "The setup link is incomplete").max(200),
  organizationName: organizationNameSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const completeSetup = actionContract("setup.complete", {
  args: setupSchema,
  returns: z.object({ tokens: tokensSchema }),
  access: "public",
});
