import { signIn, signOut } from "#shared/api/auth.ts";
import { implement, type ServerFunction } from "../api/registry.ts";

export const signInFunction = implement(signIn, async (ctx, args) => {
  const auth = ctx.services.auth;
  if ("refreshToken" in args) return { tokens: await auth.refresh(args.refreshToken, ctx.request) };
  return {
    tokens: await auth.signInWithPassword(args.params.email, args.params.password, ctx.request),
  };
});

export const signOutFunction = implement(signOut, async (ctx) => {
  await ctx.services.auth.signOut(ctx.user, ctx.request);
  return null;
});

export const authFunctions: ServerFunction[] = [signInFunction, signOutFunction];
