import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../constants.ts";
import { singleLineText } from "../schemas/text.ts";
import { actionContract } from "./define.ts";

export const tokensSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

const passwordSignIn = z.strictObject({
  provider: z.literal("password"),
  params: z.strictObject({
    email: singleLineText({ trim: true })
      .min(1, "Email is required")
      .max(254, "Email address is too long"),
    password: singleLineText().min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
  }),
  verifier: singleLineText().max(512).optional(),
});

const refreshSignIn = z.strictObject({ refreshToken: singleLineText().min(1).max(512) });

export const signIn = actionContract("auth.signIn", {
  args: z.union([passwordSignIn, refreshSignIn]),
  returns: z.object({ tokens: tokensSchema }),
  access: "public",
});

export const signOut = actionContract("auth.signOut", {
  args: z.object({}),
  returns: z.null(),
});
