import { isAppError } from "#shared/errors.ts";

/**
 * SPEC 8: a loader error that says 'Authentication required' (the server's
 * UNAUTHENTICATED code) is ignored: the loader returns nothing and the page
 * handles it, usually by the signed-in layout sending the user to /login.
 * Any other error reaches the route's error view.
 */
export async function ignoreAuthRequired<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (isAuthRequiredError(error)) return undefined;
    throw error;
  }
}

/** Recognised by its code, never by its words (the message may change or be translated). */
export function isAuthRequiredError(error: unknown): boolean {
  return isAppError(error) && error.code === "UNAUTHENTICATED";
}
