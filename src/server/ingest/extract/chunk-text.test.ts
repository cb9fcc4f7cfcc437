import { describe, expect, it } from "vitest";
import { chunkSections, chunkText } from "./chunk-text.ts";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

function sentences(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `Sentence number ${i + 1} tells a short story about the harbour.`,
  ).join(" ");
}

describe("chunkText", () => {
  it("keeps a short text whole", () => {
    expect(chunkText("One sentence. Another one.")).toEqual(["One sentence. Another one."]);
  });

  it("returns nothing for blank text", () => {
    expect(chunkText("  \n\n ")).toEqual([]);
  });

  it("fills chunks up to the target with whole sentences, losing nothing", () => {
    const text = sentences(60);
    const chunks = chunkText(text, 300);
    expect(chunks.length).toBeGreaterThan(8);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(300);
      expect(chunk).toMatch(/^Sentence number \d+ .*harbour\.$/);
    }
    expect(squash(chunks.join(" "))).toBe(squash(text));
  });

  it("cuts a sentence longer than a chunk at spaces, never inside a word", () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`);
    const chunks = chunkText(words.join(" "), 250);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(250);
    expect(chunks.join(" ").split(" ")).toEqual(words);
  });

  it("cuts text with no spaces or sentence ends into full-size pieces", () => {
    const text = "x".repeat(10_500);
    const chunks = chunkText(text, 1000);
    expect(chunks.map((chunk) => chunk.length)).toEqual([...Array(10).fill(1000), 500]);
  });

  it("never splits a character made of two UTF-16 units", () => {
    const text = "😀".repeat(1500);
    const chunks = chunkText(text, 1001);
    expect(chunks.join("")).toBe(text);
    for (const chunk of chunks) expect(chunk.isWellFormed()).toBe(true);
  });

  it("lets what follows a long sentence share its last chunk", () => {
    const chunks = chunkText(`${"a ".repeat(60).trim()}. Short end.`, 50);
    expect(chunks.at(-1)).toMatch(/a\. Short end\.$/);
  });
});

describe("chunkSections", () => {
  it("never mixes two pages in one chunk and keeps each location", () => {
    const chunks = chunkSections([
      { text: "Page one text.", location: { page: 1 } },
      { text: "", location: { page: 2 } },
      { text: sentences(30), location: { page: 3 } },
    ]);
    expect(chunks[0]).toEqual({ content: "Page one text.", location: { page: 1 } });
    expect(chunks.slice(1).every((chunk) => chunk.location.page === 3)).toBe(true);
    expect(chunks.length).toBeGreaterThan(2);
  });
});
