import { z } from "zod";
import { singleLineText } from "../schemas/text.ts";
import { actionContract, mutationContract, queryContract } from "./define.ts";

/** twoFactor.*: TOTP (authenticator apps) and recovery codes, for password accounts (decision 030). */

const code = singleLineText({ trim: true }).min(1, "Enter the code").max(40);

/** Whether the caller has two factors, how many recovery codes are left, and if the organization requires them. */
export const status = queryContract("twoFactor.status", {
  args: z.object({}),
  returns: z.object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    required: z.boolean(),
    /** False for an account without a password (single sign-on only): nothing to protect here. */
    hasPassword: z.boolean(),
  }),
});

/**
 * A new secret for the authenticator app (not active until confirmed): for the caller, or
 * with a sign-in's "setup" challenge for someone whose organization requires two factors.
 */
export const beginSetup = actionContract("twoFactor.beginSetup", {
  args: z.strictObject({ challenge: singleLineText().min(1).max(200).optional() }),
  returns: z.object({ secret: z.string(), uri: z.string() }),
  access: "public",
});

/** Confirm the new secret with a code from the app; answers the recovery codes (shown once). */
export const confirmSetup = mutationContract("twoFactor.confirmSetup", {
  args: z.strictObject({ code }),
  returns: z.object({ recoveryCodes: z.array(z.string()) }),
});

/** Turn two factors off (a current code or a recovery code); refused when the organization requires them. */
export const disable = mutationContract("twoFactor.disable", {
  args: z.strictObject({ code }),
  returns: z.null(),
});

/** New recovery codes (a current code first); the old ones stop working. */
export const regenerateRecoveryCodes = mutationContract("twoFactor.regenerateRecoveryCodes", {
  args: z.strictObject({ code }),
  returns: z.object({ recoveryCodes: z.array(z.string()) }),
});
