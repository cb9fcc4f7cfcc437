import { describe, expect, it } from "vitest";
import { MAX_SEGMENT, speechSegments } from "./speech-segments.ts";

describe("speechSegments", () => {
  const sentence = (i: number) => `Sentence number ${i} says something worth hearing.`;
  const long = Array.from({ length: 120 }, (_, i) => sentence(i)).join(" ");

  it("starts with a short piece and ends every piece at a sentence", () => {
    const { segments, truncated } = speechSegments(long, "mp3");
    expect(truncated).toBe(false);
    expect(segments[0]!.length).toBeLessThanOrEqual(240);
    expect(segments.length).toBeGreaterThan(3);
    for (const segment of segments) expect(segment).toMatch(/\.$/);
    expect(segments.join(" ")).toBe(long);
  });

  it("keeps short text whole and normalises whitespace", () => {
    expect(speechSegments("Hello\n\n  there.", "aac")).toEqual({
      segments: ["Hello there."],
      truncated: false,
    });
  });

  it("gives formats with headers one piece, cut at the provider's limit", () => {
    expect(speechSegments(long, "wav").segments).toHaveLength(1);
    const { segments, truncated } = speechSegments(long, "opus");
    expect(truncated).toBe(true);
    expect(segments[0]!.length).toBeLessThanOrEqual(MAX_SEGMENT);
    expect(segments[0]).toMatch(/\.$/);
  });
});
