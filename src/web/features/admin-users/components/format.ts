import type { Role } from "#shared/constants.ts";

export const roleLabel = (role: Role) =>
  role === "OrganizationAdmin" ? "Organization admin" : "Member";

export const fullName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** "Chrome on macOS" from a user agent; the raw text when nothing is recognised. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X|Macintosh/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

const ACTIONS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_out": "Signed out",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_in_disabled": "Sign-in refused (disabled)",
  "auth.sign_in_rate_limited": "Sign-in rate limited",
  "auth.refresh_token_reuse": "Session ended (token reuse)",
  "admin.user_create": "Account created by a superadmin",
  "admin.user_update": "Account edited",
  "admin.user_disable": "Account disabled",
  "admin.user_enable": "Account enabled",
  "admin.user_sign_out_everywhere": "Signed out everywhere",
  "member.role_set": "Organization role changed",
  "member.remove": "Removed from organization",
  "invitation.accept": "Joined by invitation",
};

/** A readable name for an audit action; the code itself when unknown. */
export const actionLabel = (action: string) => ACTIONS[action] ?? action;
