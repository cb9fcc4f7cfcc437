/** Words for the log's action names; an unknown action shows as it is. */
const LABELS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.sign_in_disabled": "Sign-in refused (disabled)",
  "auth.sign_in_rate_limited": "Sign-in rate limited",
  "auth.sign_out": "Signed out",
  "auth.refresh_token_reuse": "Refresh token reused (session ended)",
  "auth.refresh_refused": "Session renewal refused",
  "admin.look.dossier": "Looked at a dossier folder",
  "admin.look.document": "Looked at a document",
  "admin.look.thread": "Looked at a chat thread",
  "admin.audit.export": "Exported the audit log",
  "support.close": "Closed a support request",
  "support.reopen": "Reopened a support request",
  "user.password_changed": "Changed password",
  "user.password_change_failed": "Password change failed",
};

export const actionLabel = (action: string) => LABELS[action] ?? action;

/** Tone of an action's badge: looks and security events stand out. */
export function actionTone(action: string): string {
  if (action.startsWith("admin.look.")) return "border-warning/30 bg-warning/10 text-warning";
  if (/failed|refused|reuse|rate_limited|disabled/.test(action))
    return "border-destructive/30 bg-destructive/10 text-destructive";
  if (action.startsWith("auth.")) return "border-primary/25 bg-primary/10 text-primary";
  return "border-border bg-muted text-muted-foreground";
}
