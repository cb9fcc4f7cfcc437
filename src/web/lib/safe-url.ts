/**
 * Links in model output are untrusted: only absolute http(s) and mailto
 * addresses are kept (no javascript:, data:, relative paths that would act
 * as the signed-in user inside the app, or protocol-relative tricks).
 */
const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export function safeExternalHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  // A scheme is required: "//evil.example" and "/api/..." are refused.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== "mailto:" && !url.hostname) return null;
  return url.href;
}

/** The host to name in "Image from example.com": what the user would be contacting. */
export function hostOf(href: string): string {
  try {
    return new URL(href).host || href;
  } catch {
    return href;
  }
}
