import { AUTHENTICATION_REQUIRED } from "#shared/errors.ts";

/**
 * SPEC 8: a loader error whose message contains 'Authentication required' is
 * ignored (the loader returns nothing and the page handles it, usually by the
 * signed-in layout sending the user to /login); any other error reaches the
 * route's error view.
 */
export async function ignoreAuthRequired<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (isAuthRequiredError(error)) return undefined;
    throw error;
  }
}

export function isAuthRequiredError(error: unknown): boolean {
  return error instanceof Error && error.message.includes(AUTHENTICATION_REQUIRED);
}
