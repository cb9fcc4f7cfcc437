import type { Context } from "hono";
import { AppError } from "#shared/errors.ts";

/**
 * A request body as JSON, or a clear error: UNSUPPORTED_MEDIA_TYPE when it is
 * not sent as JSON (only with `requireJsonType`), BAD_REQUEST when it does not parse.
 */
export async function readJson(
  c: Context,
  options: { requireJsonType?: string } = {},
): Promise<unknown> {
  if (options.requireJsonType !== undefined) {
    const type = c.req.header("content-type")?.toLowerCase() ?? "";
    if (!type.startsWith("application/json")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", options.requireJsonType);
    }
  }
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
}
