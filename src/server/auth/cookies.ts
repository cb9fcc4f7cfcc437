/**
 * The HttpOnly cookies that let plain GETs (downloads, previews) and the chat
 * prove who is asking: set by POST /api/auth/cookie (auth-routes.ts).
 */
export const ACCESS_COOKIE = "atrium_access";
export const REFRESH_COOKIE = "atrium_refresh";
