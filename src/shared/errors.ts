import { z } from "zod";

/**
 * Error codes shared by server and web. Every error answer, on the function
 * API (HTTP 560, SPEC 7), the WebSocket and every other HTTP route (the
 * status of its code), carries `{status: "error", errorMessage, errorData:
 * {code, ...}}`; the web recognises errors by this code, never by their text.
 */
export const errorCodes = [
  "BAD_REQUEST",
  "UNKNOWN_FUNCTION",
  "INVALID_ARGS",
  "UNAUTHENTICATED",
  "INVALID_CREDENTIALS",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const AUTHENTICATION_REQUIRED = "Authentication required";
export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

export const errorDataSchema = z.looseObject({ code: z.enum(errorCodes) });
export type ErrorData = z.infer<typeof errorDataSchema>;

/** The JSON body of every error answer (`logLines` only on the function API). */
export const errorBodySchema = z.object({
  status: z.literal("error"),
  errorMessage: z.string(),
  errorData: errorDataSchema.optional(),
  logLines: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The one typed error of the project: a code and a message a user can act on. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.data = data;
  }

  get errorData(): ErrorData {
    return { ...this.data, code: this.code };
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** 'Authentication required', with why (token_expired, session_revoked, ...) for logs and tests. */
export const unauthenticated = (reason?: string) =>
  new AppError("UNAUTHENTICATED", AUTHENTICATION_REQUIRED, reason ? { reason } : {});
export const forbidden = (message = "You do not have permission to do that.") =>
  new AppError("FORBIDDEN", message);
export const notFound = (what = "The item") => new AppError("NOT_FOUND", `${what} was not found.`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
