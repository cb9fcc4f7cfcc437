import { type ErrorCode, isAppError } from "#shared/errors.ts";

// Apart from the app's Query client (query-client.ts), which brings the live queries: the light
// sign-in document asks the same way without them (decision 016).

/** Errors that come back the same however often one asks. */
const NOT_RETRIED: ReadonlySet<ErrorCode> = new Set([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID_ARGS",
  "UNKNOWN_FUNCTION",
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
]);

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isAppError(error) && NOT_RETRIED.has(error.code)) return false;
  return failureCount < 2;
}
