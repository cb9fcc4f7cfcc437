import { z } from "zod";
import { singleLineText } from "../schemas/text.ts";
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  organizationNameSchema,
  passwordSchema,
} from "../schemas/user.ts";
import { tokensSchema } from "./auth.ts";
import { actionContract, queryContract } from "./define.ts";

/** setup.*: the first run, which creates the first organization and its superadmin. */

export const setupStatus = queryContract("setup.status", {
  args: z.object({}),
  returns: z.object({ needsSetup: z.boolean() }),
  access: "public",
});

export const setupSchema = z.object({
  token: singleLineText().min(1, "The setup link is incomplete").max(200),
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
