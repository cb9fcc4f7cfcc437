import { AISDKError, APICallError, RetryError } from "ai";

export const GENERIC_MODEL_ERROR = "The model could not answer. Please try again.";
const MAX_MESSAGE_LENGTH = 1000;

/**
 * The message a user sees when a model call fails: the provider's own words
 * (SPEC section 8: "the provider's own message"), never a stack or an
 * internal error. Retries are unwrapped to their last failure.
 */
export function providerErrorMessage(error: unknown): string {
  const message = rawMessage(error);
  const clean = message?.replace(/\s+/g, " ").trim();
  if (!clean) return GENERIC_MODEL_ERROR;
  return clean.length > MAX_MESSAGE_LENGTH ? `${clean.slice(0, MAX_MESSAGE_LENGTH)}…` : clean;
}

/** True for errors that come from the model or its provider (others are our bugs: log them). */
export function isProviderError(error: unknown): boolean {
  if (RetryError.isInstance(error)) return true;
  if (AISDKError.isInstance(error)) return true;
  return isMessageObject(error) && !(error instanceof Error);
}

function rawMessage(error: unknown): string | undefined {
  if (RetryError.isInstance(error)) {
    return rawMessage(error.lastError ?? error.errors.at(-1)) ?? error.message;
  }
  if (APICallError.isInstance(error)) {
    return (
      error.message ||
      (error.statusCode ? `The model provider answered HTTP ${error.statusCode}.` : undefined)
    );
  }
  if (AISDKError.isInstance(error)) return error.message;
  // A provider's error chunk in the middle of a stream arrives as a plain object.
  if (isMessageObject(error) && !(error instanceof Error)) return error.message;
  return undefined;
}

function isMessageObject(value: unknown): value is { message: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string"
  );
}
