import { z } from "zod";
import { changePasswordSchema, profileSchema, userSchema } from "../schemas/user.ts";
import { mutationContract, queryContract } from "./define.ts";

export const getMe = queryContract("users.getMe", {
  args: z.object({}),
  returns: userSchema,
});

export const updateProfile = mutationContract("users.updateProfile", {
  args: profileSchema,
  returns: userSchema,
});

export const changePassword = mutationContract("users.changePassword", {
  args: changePasswordSchema,
  returns: z.null(),
});
