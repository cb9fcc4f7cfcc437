/**
 * SPEC 8 for chat: a failed request shows the response text or 'Failed to
 * fetch the chat response.'; an empty body 'The response body is empty.'; an
 * error in the stream shows the provider's own message. The AI SDK puts the
 * raw response text in the error's message, so a JSON error body from our
 * server is unwrapped to its message, and an HTML error page (a proxy in the
 * way) is not shown as markup.
 */
export const FETCH_FAILED_MESSAGE = "Failed to fetch the chat response.";
export const EMPTY_BODY_MESSAGE = "The response body is empty.";

const MAX_LENGTH = 600;

/** Fetch's own words when the network, not the server, failed. */
const NETWORK_FAILURES = [
  /^failed to fetch$/i,
  /^load failed$/i,
  /^network ?error/i,
  /^fetch failed$/i,
];

export function chatErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const text = raw.trim();
  if (!text) return FETCH_FAILED_MESSAGE;
  if (NETWORK_FAILURES.some((pattern) => pattern.test(text))) return FETCH_FAILED_MESSAGE;
  const fromJson = messageFromJson(text);
  if (fromJson !== undefined) return clip(fromJson || FETCH_FAILED_MESSAGE);
  if (text.startsWith("<")) return FETCH_FAILED_MESSAGE;
  return clip(text);
}

function messageFromJson(text: string): string | undefined {
  if (!text.startsWith("{")) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return findMessage(value) ?? "";
}

/** `{errorMessage}` (our function errors), `{message}`, `{error: "…"}` or `{error: {message}}`. */
function findMessage(value: unknown): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  for (const key of ["errorMessage", "message", "error"]) {
    const field: unknown = Reflect.get(value, key);
    if (typeof field === "string" && field.trim()) return field.trim();
    if (key === "error") {
      const nested = findMessage(field);
      if (nested) return nested;
    }
  }
  return undefined;
}

function clip(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
