import { isAppError } from "#shared/errors.ts";

// The generic error words, without the error view (which needs the router): forms on the light
// sign-in document use them too (decision 016).
export const DEFAULT_ERROR_TITLE = "Something went wrong";
export const DEFAULT_ERROR_MESSAGE = "An unexpected error occurred";
export const ERROR_DESCRIPTION = "Please try one of the options below to continue.";

/** The message a user may see: an AppError's own words, otherwise a generic one. */
export function userFacingMessage(error: unknown): string {
  if (isAppError(error) && error.code !== "INTERNAL" && error.message) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}
