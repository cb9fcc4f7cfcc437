import { describe, expect, it } from "vitest";
import { finalParts } from "./assistant-writer.ts";

describe("finalParts", () => {
  it("marks streamed text done and a tool call cut short as failed", () => {
    const parts = [
      { type: "step-start" },
      { type: "reasoning", text: "hmm", state: "streaming" },
      { type: "text", text: "Partial", state: "streaming" },
      {
        type: "tool-searchDocuments",
        toolCallId: "t1",
        state: "input-streaming",
        input: undefined,
      },
      {
        type: "tool-readDocument",
        toolCallId: "t2",
        state: "output-available",
        input: {},
        output: {},
      },
    ];
    expect(finalParts(parts, "stopped")).toEqual([
      { type: "step-start" },
      { type: "reasoning", text: "hmm", state: "done" },
      { type: "text", text: "Partial", state: "done" },
      {
        type: "tool-searchDocuments",
        toolCallId: "t1",
        state: "output-error",
        input: {},
        errorText: "Stopped before the tool finished.",
      },
      {
        type: "tool-readDocument",
        toolCallId: "t2",
        state: "output-available",
        input: {},
        output: {},
      },
    ]);
    expect(finalParts([parts[3]!], "error")[0]).toMatchObject({
      errorText: "The tool did not finish.",
    });
  });
});
