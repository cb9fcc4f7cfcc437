import { z } from "zod";
import { memberSchema, removeMemberSchema, setMemberRoleSchema } from "../schemas/organization.ts";
import { mutationContract, queryContract } from "./define.ts";

/** members.*: the people of the caller's organization (decision 021). */

/** Everyone in the organization, for everyone in it. */
export const list = queryContract("members.list", {
  args: z.object({}),
  returns: z.array(memberSchema),
});

/** Make a member an organization admin or back (admins; never the last admin). */
export const setRole = mutationContract("members.setRole", {
  args: setMemberRoleSchema,
  returns: memberSchema,
});

/**
 * Remove a member (admins; never the last admin, never oneself): their documents,
 * folders, threads and drafts go to `transferToUserId`, or are deleted; their sessions
 * end and they can no longer sign in.
 */
export const remove = mutationContract("members.remove", {
  args: removeMemberSchema,
  returns: z.object({
    userId: z.string(),
    transferredTo: z.string().nullable(),
    documents: z.number(),
    folders: z.number(),
    threads: z.number(),
  }),
});
