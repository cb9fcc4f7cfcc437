/**
 * Browsers send Origin on cross-site and WebSocket requests: it must be this
 * app's (PUBLIC_URL's origin, or the Host the request came to). Requests
 * without Origin (non-browser clients) pass; they carry no ambient cookies.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string,
): boolean {
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}
