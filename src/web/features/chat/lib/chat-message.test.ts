import { describe, expect, it } from "vitest";
import type { ChatMessage } from "#shared/schemas/chat.ts";
import { messageMeta, messageText, toUIMessages } from "./chat-message.ts";

const stored = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: "m1",
  threadId: "thread-0001",
  createdAt: 1_700_000_000_000,
  role: "assistant",
  content: "Thirty days [1].",
  parts: [
    {
      type: "tool-searchDocuments",
      toolCallId: "call-1",
      state: "output-available",
      input: { query: "vacation" },
      output: { results: [] },
    },
    { type: "text", text: "Thirty days [1]." },
  ],
  status: "complete",
  metadata: { modelId: "compatible:llama3.2", finishReason: "stop" },
  ...overrides,
});

describe("stored messages as UI messages", () => {
  it("keeps valid parts and carries what the server recorded in the metadata", async () => {
    const [message] = await toUIMessages([stored()]);
    expect(message?.parts.map((p) => p.type)).toEqual(["tool-searchDocuments", "text"]);
    expect(messageMeta(message ?? { metadata: undefined })).toEqual({
      createdAt: 1_700_000_000_000,
      status: "complete",
      modelId: "compatible:llama3.2",
      finishReason: "stop",
      error: null,
    });
    expect(messageText(message ?? { parts: [] })).toBe("Thirty days [1].");
  });

  it("falls back to the plain text when the parts do not validate", async () => {
    const [message] = await toUIMessages([
      stored({ parts: [{ type: "text", text: 42 }], content: "Plain text" }),
    ]);
    expect(message?.parts).toEqual([{ type: "text", text: "Plain text" }]);
  });

  it("gives an answer that has not written anything yet no parts", async () => {
    const [message] = await toUIMessages([stored({ parts: [], content: "", status: "streaming" })]);
    expect(message?.parts).toEqual([]);
    expect(messageMeta(message ?? { metadata: undefined }).status).toBe("streaming");
  });

  it("converts each stored object once", async () => {
    const same = stored();
    const [first] = await toUIMessages([same]);
    const [second] = await toUIMessages([same]);
    expect(second).toBe(first);
  });

  it("reads metadata defensively", () => {
    expect(messageMeta({ metadata: "nonsense" })).toEqual({});
    expect(messageMeta({ metadata: { status: "exploded", createdAt: 5 } })).toEqual({
      status: undefined,
      createdAt: 5,
    });
  });
});
