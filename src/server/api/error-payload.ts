import { AppError, INTERNAL_ERROR_MESSAGE, isAppError } from "#shared/errors.ts";
import type { Logger } from "../logger.ts";

export interface ErrorPayload {
  errorMessage: string;
  errorData: AppError["errorData"];
}

/**
 * What a caller sees of an error, on HTTP and the WebSocket alike: an
 * AppError as it is; anything else is logged with its context and shown as a
 * generic message (never a stack).
 */
export function errorPayload(
  error: unknown,
  log: Logger,
  context: Record<string, unknown> = {},
): ErrorPayload {
  if (isAppError(error)) return { errorMessage: error.message, errorData: error.errorData };
  log.error({ err: error, ...context }, "unexpected error");
  const internal = new AppError("INTERNAL", INTERNAL_ERROR_MESSAGE);
  return { errorMessage: internal.message, errorData: internal.errorData };
}
