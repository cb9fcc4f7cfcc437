import { describe, expect, it } from "vitest";
import { type Citation, Citations } from "./citations.ts";

const source = (
  documentId: string,
  chunkId: string | null,
  passage = "A passage.",
): Omit<Citation, "number"> => ({
  documentId,
  documentName: `Doc ${documentId}`,
  mediaType: "application/pdf",
  fileName: null,
  chunkId,
  passage,
  location: chunkId ? { page: 1 } : { from: 0, to: 10 },
});

describe("Citations", () => {
  it("numbers passages in order, keeps a passage's number, and sends each source once", () => {
    const citations = new Citations();
    expect(citations.cite(source("d1", "c1"))).toBe(1);
    expect(citations.cite(source("d2", "c2"))).toBe(2);
    expect(citations.cite(source("d1", "c1"))).toBe(1);
    const first = citations.takeNewSourceChunks();
    expect(first.map((c) => c.type === "source-document" && c.sourceId)).toEqual([
      "cite-1",
      "cite-2",
    ]);
    expect(first[0]).toEqual({
      type: "source-document",
      sourceId: "cite-1",
      mediaType: "application/pdf",
      title: "Doc d1",
      providerMetadata: {
        atrium: {
          citation: 1,
          documentId: "d1",
          chunkId: "c1",
          passage: "A passage.",
          location: { page: 1 },
          href: "/dossier/document/d1",
        },
      },
    });
    expect(citations.cite(source("d1", null))).toBe(3);
    expect(
      citations.takeNewSourceChunks().map((c) => c.type === "source-document" && c.sourceId),
    ).toEqual(["cite-3"]);
    expect(citations.takeNewSourceChunks()).toEqual([]);
  });

  it("keeps displayed passages short and on one line", () => {
    const citations = new Citations();
    citations.cite(source("d1", "c1", `${"word ".repeat(300)}\n\nend`));
    const [chunk] = citations.takeNewSourceChunks();
    const passage =
      chunk?.type === "source-document" ? String(chunk.providerMetadata?.atrium?.passage) : "";
    expect(passage.length).toBe(600);
    expect(passage).not.toContain("\n");
    expect(passage.endsWith("…")).toBe(true);
  });
});
