import { eq } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { AppError, conflict, unauthenticated } from "#shared/errors.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { implement, type ServerFunction } from "../../api/registry.ts";
import { users } from "../../db/schema.ts";
import { writeAudit } from "../audit.ts";
import { signInSecrets } from "../server-secrets.ts";
import { signInPolicyOf } from "../sign-in-gate.ts";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  findChallenge,
  removeTwoFactor,
  replaceRecoveryCodes,
  twoFactorState,
  verifySecondFactor,
} from "./two-factor-store.ts";

/** twoFactor.*: TOTP set-up and management from /account/security (decision 030). */

async function caller(ctx: FunctionCtx) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.userId));
  if (!user) throw unauthenticated("user_not_found");
  return user;
}

/** twoFactor.status follows the user's row: touch it when two factors change. */
async function touchUser(ctx: FunctionCtx, userId: string) {
  await ctx.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}

const WRONG_CODE = "That code is not right. Enter the current code from your authenticator app.";

async function requireCurrentCode(ctx: FunctionCtx, userId: string, code: string) {
  const secrets = await signInSecrets(ctx.services.database.db);
  const method = await verifySecondFactor(ctx.db, secrets, userId, code);
  if (!method) {
    await writeAudit(ctx.services.database.db, {
      action: "auth.two_factor_failed",
      organizationId: ctx.user.organizationId,
      actorUserId: userId,
      metadata: { purpose: "manage" },
      request: ctx.request,
    });
    throw new AppError("INVALID_CREDENTIALS", WRONG_CODE);
  }
  if (method === "recovery") {
    await writeAudit(ctx.db, {
      action: "auth.recovery_code_used",
      organizationId: ctx.user.organizationId,
      actorUserId: userId,
      request: ctx.request,
    });
  }
}

export const twoFactorFunctions: ServerFunction[] = [
  implement(api.twoFactor.status, async (ctx) => {
    const user = await caller(ctx);
    ctx.dependsOnRow("users", user.id);
    const state = await twoFactorState(ctx.db, user.id);
    const policy = await signInPolicyOf(ctx.db, user.organizationId);
    return { ...state, required: policy.requireTwoFactor, hasPassword: user.passwordHash !== null };
  }),

  implement(api.twoFactor.beginSetup, async (ctx, args) => {
    const db = ctx.services.database.db;
    let userId: string;
    if (args.challenge) {
      const challenge = await findChallenge(db, args.challenge);
      if (challenge.purpose !== "setup") throw conflict("Two-factor authentication is already on.");
      userId = challenge.userId;
    } else {
      userId = ctx.user.userId;
    }
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthenticated("user_not_found");
    const secrets = await signInSecrets(db);
    return beginTwoFactorSetup(db, secrets, user, ctx.services.config.appName);
  }),

  implement(api.twoFactor.confirmSetup, async (ctx, args) => {
    const user = await caller(ctx);
    const secrets = await signInSecrets(ctx.services.database.db);
    const recoveryCodes = await confirmTwoFactorSetup(ctx.db, secrets, user.id, args.code);
    if (!recoveryCodes) throw new AppError("INVALID_CREDENTIALS", WRONG_CODE);
    await writeAudit(ctx.db, {
      action: "auth.two_factor_enabled",
      organizationId: user.organizationId,
      actorUserId: user.id,
      metadata: { during: "account" },
      request: ctx.request,
    });
    await touchUser(ctx, user.id);
    return { recoveryCodes };
  }),

  implement(
    api.twoFactor.disable,
    async (ctx, args) => {
      const user = await caller(ctx);
      const policy = await signInPolicyOf(ctx.db, user.organizationId);
      if (policy.requireTwoFactor) {
        throw new AppError(
          "FORBIDDEN",
          "Your organization requires two-factor authentication, so it cannot be turned off.",
          { reason: "two_factor_required" },
        );
      }
      await requireCurrentCode(ctx, user.id, args.code);
      await removeTwoFactor(ctx.db, user.id);
      await writeAudit(ctx.db, {
        action: "auth.two_factor_disabled",
        organizationId: user.organizationId,
        actorUserId: user.id,
        request: ctx.request,
      });
      await touchUser(ctx, user.id);
      return null;
    },
    { ownTransaction: true },
  ),

  implement(
    api.twoFactor.regenerateRecoveryCodes,
    async (ctx, args) => {
      const user = await caller(ctx);
      await requireCurrentCode(ctx, user.id, args.code);
      const secrets = await signInSecrets(ctx.services.database.db);
      const recoveryCodes = await replaceRecoveryCodes(ctx.db, secrets, user.id);
      await writeAudit(ctx.db, {
        action: "auth.recovery_codes_regenerated",
        organizationId: user.organizationId,
        actorUserId: user.id,
        request: ctx.request,
      });
      await touchUser(ctx, user.id);
      return { recoveryCodes };
    },
    { ownTransaction: true },
  ),
];
