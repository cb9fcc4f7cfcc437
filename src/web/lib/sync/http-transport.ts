import { z } from "zod";
import type { FunctionKind } from "#shared/api/define.ts";
import { AppError, type ErrorData, errorBodySchema } from "#shared/errors.ts";

/**
 * The HTTP fallback of the function API (ARCHITECTURE "Data"): POST
 * /api/query|mutation|action with `{path, args, format: "json"}`. Success is
 * `{status: "success", value}`; failure (HTTP 560) is `{status: "error",
 * errorMessage, errorData}` and becomes an AppError with the same code and text.
 */
const responseSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("success"), value: z.unknown() }),
  errorBodySchema,
]);

const looseMessageSchema = z.union([
  z.object({ errorMessage: z.string() }).transform((body) => body.errorMessage),
  z.object({ message: z.string() }).transform((body) => body.message),
  z.object({ error: z.string() }).transform((body) => body.error),
]);

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpCall {
  fetchImpl: FetchLike;
  baseUrl: string;
  kind: FunctionKind;
  path: string;
  args: Record<string, unknown>;
  token: string | null;
  signal?: AbortSignal;
}

/** Builds the AppError for an `errorMessage` + `errorData` pair from the server. */
export function toAppError(message: string, data: ErrorData | undefined): AppError {
  if (!data) return new AppError("INTERNAL", message);
  const { code, ...rest } = data;
  return new AppError(code, message, rest);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function callOverHttp(call: HttpCall): Promise<unknown> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  const response = await call.fetchImpl(`${call.baseUrl}/api/${call.kind}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ path: call.path, args: call.args, format: "json" }),
    signal: call.signal,
  });
  const body = await readJson(response);
  const parsed = responseSchema.safeParse(body);
  if (parsed.success) {
    if (parsed.data.status === "success") return parsed.data.value;
    throw toAppError(parsed.data.errorMessage, parsed.data.errorData);
  }
  const message = looseMessageSchema.safeParse(body);
  if (response.status === 413) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      message.success ? message.data : "The request is too large.",
    );
  }
  throw new AppError(
    "INTERNAL",
    `The server sent an unexpected answer (HTTP ${response.status}). Please try again.`,
  );
}
