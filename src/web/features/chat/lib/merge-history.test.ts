import { describe, expect, it } from "vitest";
import type { AtriumMessage } from "./chat-message.ts";
import { mergeStored } from "./merge-history.ts";

const msg = (id: string, text = id, status?: string): AtriumMessage => ({
  id,
  role: id.startsWith("u") ? "user" : "assistant",
  parts: [{ type: "text", text }],
  metadata: status ? { status } : undefined,
});

const ids = (list: AtriumMessage[] | null) => list?.map((m) => m.id) ?? null;

describe("mergeStored", () => {
  it("adopts messages another tab added", () => {
    const local = [msg("u1"), msg("a1")];
    const stored = [msg("u1"), msg("a1"), msg("u2"), msg("a2")];
    expect(ids(mergeStored(local, stored))).toEqual(["u1", "a1", "u2", "a2"]);
  });

  it("adopts the saved form of the last answer (a stopped status, the final text)", () => {
    const local = [msg("u1"), msg("a1", "partial")];
    const stored = [msg("u1"), msg("a1", "partial", "stopped")];
    expect(mergeStored(local, stored)?.[1]?.metadata).toEqual({ status: "stopped" });
  });

  it("keeps nothing changed as it is", () => {
    const local = [msg("u1"), msg("a1")];
    expect(mergeStored(local, [msg("u1"), msg("a1")])).toBeNull();
  });

  it("keeps a message the server has not saved (its request failed)", () => {
    const local = [msg("u1"), msg("a1"), msg("u2")];
    expect(mergeStored(local, [msg("u1"), msg("a1")])).toBeNull();
  });

  it("keeps older messages in front of a stored window that starts later", () => {
    // The first page moved on: it no longer holds u1/a1, which this tab still shows.
    const local = [msg("u1"), msg("a1"), msg("u2"), msg("a2", "streamed")];
    const stored = [msg("u2"), msg("a2", "streamed", "complete")];
    expect(ids(mergeStored(local, stored))).toEqual(["u1", "a1", "u2", "a2"]);
    expect(mergeStored(local, stored)?.[3]?.metadata).toEqual({ status: "complete" });
  });

  it("prepends earlier pages when they load", () => {
    const local = [msg("u2"), msg("a2")];
    const stored = [msg("u1"), msg("a1"), msg("u2"), msg("a2")];
    expect(ids(mergeStored(local, stored))).toEqual(["u1", "a1", "u2", "a2"]);
  });

  it("ignores an empty stored conversation", () => {
    expect(mergeStored([msg("u1")], [])).toBeNull();
  });
});

describe("mergeStored while an answer is still being saved", () => {
  it("keeps this tab's fuller copy over a stored one still marked streaming", () => {
    const local = [msg("u1"), msg("a1", "the whole answer")];
    const stored = [msg("u1"), msg("a1", "the who", "streaming")];
    expect(mergeStored(local, stored)).toBeNull();
  });

  it("takes stored progress of an answer written elsewhere", () => {
    const local = [msg("u1"), msg("a1", "the", "streaming")];
    const stored = [msg("u1"), msg("a1", "the whole", "streaming")];
    expect(mergeStored(local, stored)?.[1]?.parts).toEqual([{ type: "text", text: "the whole" }]);
  });
});
