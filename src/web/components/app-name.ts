const FALLBACK_APP_NAME = "Atrium";

/**
 * The product name. The server writes APP_NAME into
 * `<meta name="application-name">` (and <title>) when it serves index.html.
 */
function readAppName(): string {
  if (typeof document === "undefined") return FALLBACK_APP_NAME;
  const meta = document.querySelector('meta[name="application-name"]');
  const content = meta?.getAttribute("content")?.trim();
  return content || FALLBACK_APP_NAME;
}

export const APP_NAME: string = readAppName();

/** "Account · Atrium"; the bare name when there is no page title. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}
