import { z } from "zod";
import { signInPolicySchema, updateSignInPolicySchema } from "../schemas/sign-in-policy.ts";
import { mutationContract, queryContract } from "./define.ts";

/** signInPolicy.*: how the caller's organization signs in (organization admins; decision 030). */

export const get = queryContract("signInPolicy.get", {
  args: z.object({}),
  returns: signInPolicySchema,
});

export const update = mutationContract("signInPolicy.update", {
  args: updateSignInPolicySchema,
  returns: signInPolicySchema,
});
