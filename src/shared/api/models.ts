import { z } from "zod";
import { modelSchema } from "../schemas/chat.ts";
import { singleLineText } from "../schemas/text.ts";
import { mutationContract, queryContract } from "./define.ts";

/** The models this user may pick, the organization default and the user's choice. */
export const list = queryContract("models.list", {
  args: z.object({}),
  returns: z.object({
    models: z.array(modelSchema),
    /** The model a new chat uses: the user's choice, else the organization's, else DEFAULT_MODEL. */
    defaultModelId: z.string().nullable(),
    userModelId: z.string().nullable(),
    organizationModelId: z.string().nullable(),
  }),
});

/** Remember the user's chosen model. */
export const choose = mutationContract("models.choose", {
  args: z.object({ modelId: singleLineText().min(1).max(200) }),
  returns: z.null(),
});

/** The organization's default model (organization admins). */
export const setOrganizationDefault = mutationContract("models.setOrganizationDefault", {
  args: z.object({ modelId: singleLineText().min(1).max(200).nullable() }),
  returns: z.null(),
});
