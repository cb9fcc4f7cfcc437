import type { MiddlewareHandler } from "hono";

/** CSP for JSON and files: nothing may run, nothing may frame us. */
export const API_CSP =
  "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/** CSP for the web app: its own scripts (plus hashed inline ones), no plugins, no framing. */
export function appCsp(inlineScriptHashes: string[]): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Security headers on every response; a route may set a wider CSP for HTML. */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  // The same on every response: built once (decision 032, fourth round).
  const always: readonly (readonly [string, string])[] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)"],
    ...(options.https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const]
      : []),
  ];
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", API_CSP);
    for (const [name, value] of always) h.set(name, value);
  };
}
