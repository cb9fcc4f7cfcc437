import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../constants.ts";
import { singleLineText } from "../schemas/text.ts";
import { actionContract, queryContract } from "./define.ts";

export const tokensSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

const email = singleLineText({ trim: true })
  .min(1, "Email is required")
  .max(254, "Email address is too long");
const verifier = singleLineText().max(512).optional();
/** The sign-in methods that are not single sign-on providers. */
export const RESERVED_PROVIDERS = ["password", "email", "two-factor", "code"] as const;
// A reserved name fails an aborting check: it rules the single sign-on variant out at once,
// so a bad field of the variant meant is named (decision 012) rather than "Invalid input".
// Whether a name is configured is the server's to say ("not configured").
const providerId = singleLineText()
  .min(1)
  .max(40, "Unknown sign-in provider")
  .refine((id) => !(RESERVED_PROVIDERS as readonly string[]).includes(id), {
    message: "Unknown sign-in provider",
    abort: true,
  });

const passwordSignIn = z.strictObject({
  provider: z.literal("password"),
  params: z.strictObject({
    email,
    password: singleLineText().min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
  }),
  verifier,
});

/**
 * Emailed codes: `{email}` asks for one (a link and 6 digits; the answer is `{started: true}`
 * whatever the address), `{email, code}` signs in with the 6 digits from that email.
 */
const emailSignIn = z.strictObject({
  provider: z.literal("email"),
  params: z.strictObject({
    email,
    code: singleLineText({ trim: true })
      .regex(/^\d{6}$/, "The code is 6 digits")
      .optional(),
  }),
});

/** The second factor after a challenge: a code from the authenticator app, or a recovery code. */
const twoFactorSignIn = z.strictObject({
  provider: z.literal("two-factor"),
  params: z.strictObject({
    challenge: singleLineText().min(1).max(200),
    code: singleLineText({ trim: true }).min(1, "Enter the code").max(40),
  }),
});

/**
 * Single sign-on, and SPEC 7's `params.code` plus verifier. With a provider and no code:
 * start (answers `{redirect, verifier}`), `redirectTo` being where to land afterwards. With
 * `code`: the one-time code from the address bar, single sign-on's (with the verifier kept
 * when it started) or an emailed link's (no provider needed).
 */
const providerOrCodeSignIn = z.strictObject({
  provider: providerId.optional(),
  params: z.strictObject({
    code: singleLineText().min(1).max(512).optional(),
    redirectTo: singleLineText().max(2048).optional(),
  }),
  verifier,
});

const refreshSignIn = z.strictObject({ refreshToken: singleLineText().min(1).max(512) });

const twoFactorChallengeSchema = z.object({
  challenge: z.string(),
  /** "verify": ask for a code; "setup": the organization requires two factors, set them up first. */
  purpose: z.enum(["verify", "setup"]),
});

export const signInResultSchema = z.union([
  z.object({
    tokens: tokensSchema,
    /** Shown once: when two factors were set up while signing in. */
    recoveryCodes: z.array(z.string()).optional(),
    /** Where single sign-on was started from (a path in the app). */
    redirectTo: z.string().optional(),
  }),
  z.object({ redirect: z.string(), verifier: z.string() }),
  z.object({ started: z.literal(true) }),
  z.object({ twoFactor: twoFactorChallengeSchema }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const signIn = actionContract("auth.signIn", {
  args: z.union([
    passwordSignIn,
    emailSignIn,
    twoFactorSignIn,
    providerOrCodeSignIn,
    refreshSignIn,
  ]),
  returns: signInResultSchema,
  access: "public",
});

/** The tokens of a sign-in that finished; throws for the other answers (tests, refresh). */
export function tokensIn(result: SignInResult): Tokens {
  if (!("tokens" in result)) throw new Error("The sign-in did not finish with tokens.");
  return result.tokens;
}

export const signOut = actionContract("auth.signOut", {
  args: z.object({}),
  returns: z.null(),
});

/** What /login offers besides a password: single sign-on buttons, emailed codes. */
export const signInOptions = queryContract("auth.signInOptions", {
  args: z.object({}),
  returns: z.object({
    providers: z.array(z.object({ id: z.string(), name: z.string() })),
    emailCodes: z.boolean(),
  }),
  access: "public",
});
