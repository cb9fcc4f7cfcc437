import { describe, expect, it } from "vitest";
import { ActiveStream } from "./active-stream.ts";
import { ActiveStreams } from "./active-streams.ts";

const init = { streamId: "s1", threadId: "thread-0001", userId: "u", organizationId: "o" };

async function bodyText(response: Response): Promise<string> {
  return await response.text();
}

describe("ActiveStream", () => {
  it("replays what was sent to a late listener, then follows live until the end", async () => {
    const stream = new ActiveStream(init);
    stream.push({ type: "start", messageId: "m1" });
    const early = stream.response();
    stream.push({ type: "text-delta", id: "t", delta: "Hel" });
    const late = stream.response();
    stream.push({ type: "text-delta", id: "t", delta: "lo" });
    stream.end();
    const expected =
      'data: {"type":"start","messageId":"m1"}\n\n' +
      'data: {"type":"text-delta","id":"t","delta":"Hel"}\n\n' +
      'data: {"type":"text-delta","id":"t","delta":"lo"}\n\n' +
      "data: [DONE]\n\n";
    expect(await bodyText(early)).toBe(expected);
    expect(await bodyText(late)).toBe(expected);
    expect(await bodyText(stream.response())).toBe(expected);
    expect(early.headers.get("content-type")).toBe("text/event-stream");
  });

  it("keeps going when a listener leaves, and aborts only on purpose", async () => {
    const stream = new ActiveStream(init);
    const response = stream.response();
    const reader = response.body!.getReader();
    expect(stream.listenerCount).toBe(1);
    await reader.cancel();
    expect(stream.listenerCount).toBe(0);
    stream.push({ type: "start" });
    expect(stream.abortController.signal.aborted).toBe(false);
    stream.abort("stopped");
    expect(stream.abortController.signal.aborted).toBe(true);
    expect(stream.abortReason).toBe("stopped");
  });
});

describe("ActiveStreams", () => {
  it("holds one answer per thread until it finishes, and aborts stragglers at shutdown", async () => {
    const streams = new ActiveStreams();
    const stream = streams.add(init);
    expect(() => streams.add(init)).toThrow(/already has an answer/);
    stream.abortController.signal.addEventListener("abort", () => stream.end());
    await streams.shutdown(Date.now() + 20);
    expect(stream.abortReason).toBe("shutdown");
    expect(streams.get(init.threadId)).toBeUndefined();
    expect(() => streams.add({ ...init, threadId: "thread-0002" })).toThrow(/shutting down/);
  });
});
