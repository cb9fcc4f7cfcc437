import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { listMembers } from "./list-members.ts";
import { removeMember } from "./remove-member.ts";
import { setMemberRole } from "./set-member-role.ts";

/** members.*: the people of the caller's organization (rights: organizations/organization-access.ts). */
export const memberFunctions: ServerFunction[] = [
  implement(api.members.list, async (ctx) => listMembers(ctx)),
  implement(api.members.setRole, async (ctx, args) => setMemberRole(ctx, args)),
  implement(api.members.remove, async (ctx, args) => removeMember(ctx, args)),
];
