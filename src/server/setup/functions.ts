import { completeSetup as completeSetupContract, setupStatus } from "#shared/api/setup.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { completeSetup, hasAnyUser } from "./first-run.ts";

export const setupStatusFunction = implement(
  setupStatus,
  async (ctx) => ({ needsSetup: !(await hasAnyUser(ctx.db)) }),
  { liveScope: "global" },
);

export const completeSetupFunction = implement(completeSetupContract, async (ctx, args) => ({
  tokens: await completeSetup(ctx.services, args, ctx.request),
}));

export const setupFunctions: ServerFunction[] = [setupStatusFunction, completeSetupFunction];
