import type { AuthClient } from "./auth-client.ts";

/** The light sign-in document's address (served for a direct load of /login; decision 016). */
export const SIGN_IN_PAGE = "/login";

/**
 * Signs out, then loads the sign-in page afresh (decision 016, amendment of issue 16): a full
 * load leaves nothing of the session in memory (query cache, socket, open subscriptions), and
 * it is the light sign-in document. Waits for the sign-in cookies to be cleared first, so that
 * the request is not cut off by the page going away.
 */
export async function signOutToSignInPage(auth: AuthClient): Promise<void> {
  await auth.signOut();
  await auth.cookiesSettled();
  globalThis.location.replace(SIGN_IN_PAGE);
}
