import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { SignInResult } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import { signInCodes, users } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { type MailMessage, sendMail } from "../mail/send-mail.ts";
import { findUserByEmail } from "../users/create-user.ts";
import { writeAudit } from "./audit.ts";
import { accountOf, tooManyAttempts } from "./password-attempts.ts";
import { refundRateLimitSlots, takeRateLimitSlots } from "./rate-limit.ts";
import { randomToken, sameSecret, sha256, signInSecrets } from "./server-secrets.ts";
import { finishSignIn, signInPolicyOf } from "./sign-in-gate.ts";

/**
 * Emailed sign-in codes (decision 030): a link to /login?code=… and a 6-digit code, in one
 * email, for an existing account, when SMTP is configured. Each works once, for 10 minutes;
 * a new email replaces the last one. The link token is kept as its SHA-256, the 6 digits
 * as a keyed hash (HMAC: a plain hash of one of a million codes is undone by trying them
 * all). Asking answers the same whether the address has an account or not.
 */
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_WINDOW_SECONDS = 15 * 60;
/** Emails one address may be sent in a window, and requests one network address may make. */
export const SENDS_PER_EMAIL = 3;
export const SENDS_PER_ADDRESS = 20;
/** Wrong codes: per code (then it is spent), per email and per network address in a window. */
export const FAILURES_PER_CODE = 5;
export const FAILURES_PER_EMAIL = 10;
export const FAILURES_PER_ADDRESS = 50;

const NOT_CONFIGURED = "Email sign-in is not available on this server. Sign in with your password.";
const WRONG_CODE =
  "That code is not right, or it has expired. Check the latest email, or ask for a new code.";
const LINK_REFUSED =
  "This sign-in link has expired or was already used. Ask for a new code to sign in.";

/** Six digits, uniformly drawn. */
export const newSixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, "0");

async function takeSlots(ctx: FunctionCtx, keys: Array<[string, number]>) {
  const db = ctx.services.database.db;
  const counts = await takeRateLimitSlots(
    db,
    keys.map(([key]) => key),
    SIGN_IN_CODE_WINDOW_SECONDS,
  );
  const over = keys
    .map(([key]) => counts.get(key)!)
    .filter((count, i) => count.count > keys[i]![1]);
  const give = () =>
    refundRateLimitSlots(
      db,
      keys.map(([key]) => key),
    );
  if (over.length > 0) {
    await give();
    return { refusedForSeconds: Math.max(...over.map((c) => c.retryAfterSeconds)), give };
  }
  return { refusedForSeconds: undefined, give };
}

export async function requestSignInCode(ctx: FunctionCtx, rawEmail: string): Promise<SignInResult> {
  const { config } = ctx.services;
  if (!config.mail)
    throw new AppError("BAD_REQUEST", NOT_CONFIGURED, { reason: "email_codes_off" });
  const db = ctx.services.database.db;
  const email = accountOf(rawEmail);
  const slots = await takeSlots(ctx, [
    [`signin-code:send:email:${email}`, SENDS_PER_EMAIL],
    [`signin-code:send:address:${ctx.request.ip ?? "unknown"}`, SENDS_PER_ADDRESS],
  ]);
  if (slots.refusedForSeconds !== undefined) {
    await writeAudit(db, {
      action: "auth.sign_in_code_rate_limited",
      metadata: { email },
      request: ctx.request,
    });
    throw tooManyAttempts("Too many sign-in codes asked for.", slots.refusedForSeconds);
  }
  const user = await findUserByEmail(db, email);
  const usable = user && !user.disabled && (user.organizationId !== null || user.isSuperadmin);
  if (!user || !usable) {
    await writeAudit(db, {
      action: "auth.sign_in_code_unknown",
      organizationId: user?.organizationId,
      actorUserId: user?.id,
      metadata: { email },
      request: ctx.request,
    });
    return { started: true };
  }
  const policy = await signInPolicyOf(db, user.organizationId);
  let message: MailMessage;
  if (policy.requireSso && !user.isSuperadmin) {
    message = ssoRequiredEmail(user.email, config.appName, config.publicUrl);
  } else {
    const secrets = await signInSecrets(db);
    const link = randomToken();
    const code = newSixDigitCode();
    await db.transaction(async (tx) => {
      // A new email replaces the codes sent before.
      await tx
        .update(signInCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(signInCodes.userId, user.id), isNull(signInCodes.usedAt)));
      await tx.insert(signInCodes).values({
        id: newId(),
        userId: user.id,
        linkHash: sha256(link),
        codeHash: secrets.hmac(`${user.id}:${code}`),
        expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MS),
      });
    });
    message = signInCodeEmail({
      to: user.email,
      appName: config.appName,
      code,
      link: `${config.publicUrl}/login?code=${encodeURIComponent(link)}`,
    });
  }
  await writeAudit(db, {
    action: "auth.sign_in_code_sent",
    organizationId: user.organizationId,
    actorUserId: user.id,
    metadata: { email, ssoRequired: policy.requireSso && !user.isSuperadmin },
    request: ctx.request,
  });
  // Not awaited: the answer takes as long as for an address without an account.
  const mail = config.mail;
  void sendMail(mail, message).catch((error: unknown) =>
    ctx.services.log.warn({ err: error }, "sending a sign-in code failed"),
  );
  return { started: true };
}

async function takeVerifySlots(ctx: FunctionCtx, email: string | undefined) {
  const keys: Array<[string, number]> = [
    [`signin-code:verify:address:${ctx.request.ip ?? "unknown"}`, FAILURES_PER_ADDRESS],
  ];
  if (email) keys.push([`signin-code:verify:email:${email}`, FAILURES_PER_EMAIL]);
  const slots = await takeSlots(ctx, keys);
  if (slots.refusedForSeconds !== undefined) {
    await writeAudit(ctx.services.database.db, {
      action: "auth.sign_in_code_rate_limited",
      metadata: { email: email ?? null },
      request: ctx.request,
    });
    throw tooManyAttempts("Too many wrong codes.", slots.refusedForSeconds);
  }
  return slots;
}

/** The 6 digits from the email, typed on /login. */
export async function signInWithEmailCode(
  ctx: FunctionCtx,
  rawEmail: string,
  code: string,
): Promise<SignInResult> {
  if (!ctx.services.config.mail) throw new AppError("BAD_REQUEST", NOT_CONFIGURED);
  const db = ctx.services.database.db;
  const email = accountOf(rawEmail);
  const slots = await takeVerifySlots(ctx, email);
  const user = await findUserByEmail(db, email);
  const secrets = await signInSecrets(db);
  const [row] = user
    ? await db
        .select()
        .from(signInCodes)
        .where(
          and(
            eq(signInCodes.userId, user.id),
            isNull(signInCodes.usedAt),
            gt(signInCodes.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(signInCodes.createdAt))
        .limit(1)
    : [];
  const expected = secrets.hmac(`${user?.id ?? "nobody"}:${code.trim()}`);
  if (!user || !row || !sameSecret(expected, row.codeHash)) {
    if (row) {
      await db
        .update(signInCodes)
        .set({
          failedAttempts: sql`${signInCodes.failedAttempts} + 1`,
          usedAt: sql`CASE WHEN ${signInCodes.failedAttempts} + 1 >= ${FAILURES_PER_CODE} THEN now() ELSE NULL END`,
        })
        .where(eq(signInCodes.id, row.id));
    }
    await writeAudit(db, {
      action: "auth.sign_in_code_failed",
      organizationId: user?.organizationId,
      actorUserId: user?.id,
      metadata: { email },
      request: ctx.request,
    });
    throw new AppError("INVALID_CREDENTIALS", WRONG_CODE);
  }
  if (!(await spendCode(ctx, row.id))) throw new AppError("INVALID_CREDENTIALS", WRONG_CODE);
  await slots.give();
  await writeAudit(db, {
    action: "auth.sign_in_code_used",
    organizationId: user.organizationId,
    actorUserId: user.id,
    metadata: { via: "code" },
    request: ctx.request,
  });
  return finishSignIn(ctx.services, user, "email_code", ctx.request);
}

/** The link's token from /login?code=…; undefined when it is no emailed link's. */
export async function signInWithEmailLink(
  ctx: FunctionCtx,
  token: string,
): Promise<SignInResult | undefined> {
  const db = ctx.services.database.db;
  const slots = await takeVerifySlots(ctx, undefined);
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(eq(signInCodes.linkHash, sha256(token)));
  if (!row) return undefined;
  const spent = await spendCode(ctx, row.id);
  const user = spent ? await findUserById(ctx, row.userId) : undefined;
  if (!user) {
    await writeAudit(db, {
      action: "auth.sign_in_code_failed",
      actorUserId: row.userId,
      metadata: { via: "link", reason: "used_or_expired" },
      request: ctx.request,
    });
    throw new AppError("UNAUTHENTICATED", LINK_REFUSED, { reason: "link_used_or_expired" });
  }
  await slots.give();
  await writeAudit(db, {
    action: "auth.sign_in_code_used",
    organizationId: user.organizationId,
    actorUserId: user.id,
    metadata: { via: "link" },
    request: ctx.request,
  });
  return finishSignIn(ctx.services, user, "email_code", ctx.request);
}

async function spendCode(ctx: FunctionCtx, id: string): Promise<boolean> {
  const spent = await ctx.services.database.db
    .update(signInCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(signInCodes.id, id),
        isNull(signInCodes.usedAt),
        gt(signInCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: signInCodes.id });
  return spent.length > 0;
}

async function findUserById(ctx: FunctionCtx, id: string) {
  const [user] = await ctx.services.database.db.select().from(users).where(eq(users.id, id));
  return user;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInCodeEmail(options: {
  to: string;
  appName: string;
  code: string;
  link: string;
}): MailMessage {
  const e = escapeHtml;
  const subject = `Your ${options.appName} sign-in code: ${options.code}`;
  const text = [
    `Your sign-in code for ${options.appName} is ${options.code}`,
    "",
    "Or sign in with this link:",
    options.link,
    "",
    "The code and the link work once and expire in 10 minutes.",
    "If you did not ask to sign in, you can ignore this email: nobody can sign in without it.",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="480" cellspacing="0" cellpadding="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 8px;font-size:13px;color:#71717a">${e(options.appName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">Your sign-in code</h1>
<p style="margin:0 0 24px;font-size:32px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${e(options.code)}</p>
<p style="margin:0 0 24px"><a href="${e(options.link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">Sign in to ${e(options.appName)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#71717a">The code and the link work once and expire in 10 minutes.</p>
<p style="margin:0;font-size:12px;color:#a1a1aa">If you did not ask to sign in, you can ignore this email.</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to: options.to, subject, text, html };
}

function ssoRequiredEmail(to: string, appName: string, publicUrl: string): MailMessage {
  const text = [
    `Someone asked for a sign-in code for ${appName} with this address.`,
    "Your organization signs in with single sign-on: open the sign-in page and use your organization's button.",
    `${publicUrl}/login`,
  ].join("\n");
  return {
    to,
    subject: `Signing in to ${appName}`,
    text,
    html: `<p>${escapeHtml(text).replaceAll("\n", "<br>")}</p>`,
  };
}
