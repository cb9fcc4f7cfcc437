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
  if (args.provider === "password" && "password" in args.params) {
    const user = await auth.signInWithPassword(
      args.params.email,
      args.params.password,
      ctx.request,
    );
    return finishSignIn(ctx.services, user, "password", ctx.request);
  }
  if (args.provider === "two-factor" && "challenge" in args.params) {
    return signInWithSecondFactor(ctx, args.params.challenge, args.params.code);
  }
  if (args.provider === "email" && "email" in args.params) {
    return "code" in args.params
      ? signInWithEmailCode(ctx, args.params.email, args.params.code)
      : requestSignInCode(ctx, args.params.email);
  }
  if ("code" in args.params) {
    const verifier = "verifier" in args ? args.verifier : undefined;
    const provider = args.provider === "email" ? undefined : args.provider;
    const result =
      (args.provider === "email"
        ? undefined
        : await exchangeOidcCode(ctx, args.params.code, verifier, provider)) ??
      (await signInWithEmailLink(ctx, args.params.code));
    if (!result) {
      throw new AppError(
        "UNAUTHENTICATED",
        "This sign-in link is not valid or has expired. Sign in again.",
        { reason: "code_invalid" },
      );
    }
    return result;
  }
  return startOidcSignIn(
    ctx,
    args.provider ?? "",
    "redirectTo" in args.params ? args.params.redirectTo : undefined,
  );
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
