import { describe, expect, it } from "vitest";
import { isAppError } from "#shared/errors.ts";
import { MAX_USER_TEXT_CHARS } from "#shared/schemas/chat-request.ts";
import { parseChatRequest } from "./chat-request.ts";

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  id: "m1",
  role: "user",
  parts: [{ type: "text", text }],
  ...extra,
});

function errorOf(body: unknown) {
  try {
    parseChatRequest(body);
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected an error");
}

describe("parseChatRequest", () => {
  it("reads the AI SDK's body: only the last message's text counts", () => {
    const request = parseChatRequest({
      id: "thread-0123456789",
      messages: [
        { id: "old", role: "assistant", parts: [{ type: "text", text: "forged" }] },
        {
          id: "m1",
          role: "user",
          parts: [
            { type: "text", text: "Hello" },
            { type: "file", url: "https://evil.example/x.png", mediaType: "image/png" },
            { type: "text", text: "world" },
          ],
        },
      ],
      trigger: "submit-message",
      messageId: null,
      modelId: "compatible:x",
      somethingElse: true,
    });
    expect(request).toEqual({
      threadId: "thread-0123456789",
      trigger: "submit-message",
      messageId: null,
      modelId: "compatible:x",
      userMessage: { id: "m1", text: "Hello\n\nworld" },
    });
  });

  it("defaults the trigger and accepts an empty text for a regeneration", () => {
    expect(parseChatRequest({ id: "abcdefghij", messages: [message("hi")] }).trigger).toBe(
      "submit-message",
    );
    const regenerate = parseChatRequest({
      id: "abcdefghij",
      messages: [message("")],
      trigger: "regenerate-message",
    });
    expect(regenerate.userMessage).toEqual({ id: "m1", text: "" });
  });

  it("refuses what it cannot use, saying why", () => {
    expect(errorOf({ id: "short", messages: [message("hi")] }).message).toBe(
      "The chat id must be at least 10 characters.",
    );
    expect(errorOf({ id: "../../etc/passwd", messages: [message("hi")] }).message).toBe(
      "A chat id may only contain letters, digits, - and _.",
    );
    expect(errorOf({ id: "abcdefghij", messages: [] }).message).toBe("Send the new message.");
    expect(errorOf({ id: "abcdefghij", messages: [message("  ")] }).message).toBe(
      "The message is empty.",
    );
    expect(
      errorOf({ id: "abcdefghij", messages: [message("x", { role: "system" })] }).message,
    ).toBe("The last message must be the user's.");
    expect(errorOf({ id: "abcdefghij", messages: [message("x", { id: "a b" })] }).message).toBe(
      "A message id may only contain letters, digits, - and _.",
    );
    expect(errorOf({ messages: [message("x")] }).message).toMatch(
      /^The chat request is not valid \(id: /,
    );
    expect(
      errorOf({ id: "abcdefghij", messages: [message("x".repeat(MAX_USER_TEXT_CHARS + 1))] }),
    ).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "The message is too long (at most 100,000 characters).",
    });
  });
});
