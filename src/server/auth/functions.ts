import { signIn, signInOptions, signOut } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { exchangeOidcCode, startOidcSignIn } from "./oidc/oidc-flow.ts";
import { requestSignInCode, signInWithEmailCode, signInWithEmailLink } from "./sign-in-codes.ts";
import { finishSignIn } from "./sign-in-gate.ts";
import { signInWithSecondFactor } from "./two-factor/two-factor-sign-in.ts";

/**
 * auth.signIn, SPEC 4 and 7: a password, a provider to start single sign-on with
 * (`{redirect, verifier}`), a one-time code from the address bar (with the verifier for
 * single sign-on), an emailed code, a second factor, or a refresh token (decision 030).
 */
export const signInFunction = implement(signIn, async (ctx, args) => {
  const auth = ctx.services.auth;
  if ("refreshToken" in args) return { tokens: await auth.refresh(args.refreshToken, ctx.request) };
  if ("password" in args.params) {
    const user = await auth.signInWithPassword(
      args.params.email,
      args.params.password,
      ctx.request,
    );
    return finishSignIn(ctx.services, user, "password", ctx.request);
  }
  if ("challenge" in args.params) {
    return signInWithSecondFactor(ctx, args.params.challenge, args.params.code);
  }
  if ("email" in args.params) {
    return args.params.code === undefined
      ? requestSignInCode(ctx, args.params.email)
      : signInWithEmailCode(ctx, args.params.email, args.params.code);
  }
  const { code, redirectTo } = args.params;
  const verifier = "verifier" in args ? args.verifier : undefined;
  if (code !== undefined) {
    const result =
      (await exchangeOidcCode(ctx, code, verifier, args.provider)) ??
      (await signInWithEmailLink(ctx, code));
    if (!result) {
      throw new AppError(
        "UNAUTHENTICATED",
        "This sign-in link is not valid or has expired. Sign in again.",
        { reason: "code_invalid" },
      );
    }
    return result;
  }
  if (!args.provider) {
    throw new AppError("INVALID_ARGS", "Name the sign-in provider, or send a code.", {
      path: "provider",
    });
  }
  return startOidcSignIn(ctx, args.provider, redirectTo);
});

export const signOutFunction = implement(signOut, async (ctx) => {
  await ctx.services.auth.signOut(ctx.user, ctx.request);
  return null;
});

export const signInOptionsFunction = implement(
  signInOptions,
  async (ctx) => ({
    providers: ctx.services.config.oidcProviders.map((p) => ({ id: p.id, name: p.name })),
    emailCodes: ctx.services.config.mail !== undefined,
  }),
  { liveScope: "global" },
);

export const authFunctions: ServerFunction[] = [
  signInFunction,
  signOutFunction,
  signInOptionsFunction,
];
