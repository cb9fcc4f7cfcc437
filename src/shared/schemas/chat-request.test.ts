import { describe, expect, it } from "vitest";
import { chatRequestSchema, lastMessageSchema } from "./chat-request.ts";
import { CONTROL_CHARACTERS_MESSAGE } from "./text.ts";

const userMessage = (...parts: Record<string, unknown>[]) => ({ id: "m1", role: "user", parts });

describe("the chat request's text", () => {
  it("keeps tabs and line breaks in a message", () => {
    const text = "Compare:\n\t- the contract\r\n\t- the annex";
    expect(lastMessageSchema.parse(userMessage({ type: "text", text })).parts).toEqual([
      { type: "text", text },
    ]);
  });

  it("refuses a text part with a control character instead of skipping it", () => {
    const result = lastMessageSchema.safeParse(
      userMessage({ type: "step-start" }, { type: "text", text: "Hello\u0000" }),
    );
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["parts", 1, "text"], message: CONTROL_CHARACTERS_MESSAGE }),
    ]);
  });

  it("refuses control characters in the ids and the model", () => {
    const body = { id: "thread-0123456789", messages: [userMessage()] };
    for (const field of ["id", "messageId", "modelId"]) {
      const result = chatRequestSchema.safeParse({ ...body, [field]: "thread-\u00000123456789" });
      expect(result.error?.issues[0], field).toMatchObject({
        path: [field],
        message: CONTROL_CHARACTERS_MESSAGE,
      });
    }
  });
});
