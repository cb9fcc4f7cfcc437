/**
 * Single sign-on providers from the environment (decision 030):
 * `OIDC_PROVIDERS=acme,okta`, then for each name `OIDC_<NAME>_ISSUER`,
 * `OIDC_<NAME>_CLIENT_ID`, `OIDC_<NAME>_CLIENT_SECRET` and `OIDC_<NAME>_NAME`
 * (the button's label; default: the name). Problems are returned as
 * `[variable, message]` pairs for the configuration's one error message.
 */
export interface OidcProviderConfig {
  /** Lower-case id: in the callback path /api/auth/callback/{id} and in auth.signIn's `provider`. */
  id: string;
  /** The button's label: "Sign in with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Ids that name other sign-in methods. */
const RESERVED = new Set(["password", "email", "two-factor", "code"]);

export function parseOidcProviders(env: Record<string, string>): {
  providers: OidcProviderConfig[];
  issues: Array<[string, string]>;
} {
  const issues: Array<[string, string]> = [];
  const providers: OidcProviderConfig[] = [];
  const names = (env.OIDC_PROVIDERS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  for (const name of names) {
    const id = name.toLowerCase();
    if (!/^[a-z][a-z0-9-]{0,39}$/.test(id) || RESERVED.has(id)) {
      issues.push([
        "OIDC_PROVIDERS",
        `has "${name}": a name is letters, digits and dashes, starting with a letter, and not ${[...RESERVED].join(", ")}`,
      ]);
      continue;
    }
    if (seen.has(id)) {
      issues.push(["OIDC_PROVIDERS", `names "${name}" twice`]);
      continue;
    }
    seen.add(id);
    const prefix = `OIDC_${id.toUpperCase().replaceAll("-", "_")}_`;
    const issuer = env[`${prefix}ISSUER`];
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    for (const [key, value] of [
      ["ISSUER", issuer],
      ["CLIENT_ID", clientId],
      ["CLIENT_SECRET", clientSecret],
    ] as const) {
      if (!value) issues.push([`${prefix}${key}`, `must be set (${name} is in OIDC_PROVIDERS)`]);
    }
    if (issuer && !issuerAllowed(issuer)) {
      issues.push([
        `${prefix}ISSUER`,
        "must be an https:// URL (http:// only on localhost or 127.0.0.1)",
      ]);
    }
    if (!issuer || !clientId || !clientSecret || !issuerAllowed(issuer)) continue;
    providers.push({
      id,
      name: (env[`${prefix}NAME`] ?? name).trim().slice(0, 60) || name,
      issuer: issuer.replace(/\/+$/, ""),
      clientId,
      clientSecret,
    });
  }
  return { providers, issues };
}

/** https everywhere; plain http only for a provider on this machine (tests, development). */
export function issuerAllowed(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}
