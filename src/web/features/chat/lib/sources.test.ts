import { describe, expect, it } from "vitest";
import { messageSources } from "./sources.ts";

describe("messageSources", () => {
  it("numbers document sources as the server does and keeps their document and passage", () => {
    const sources = messageSources({
      parts: [
        { type: "text", text: "Leave is 30 days [2]." },
        {
          type: "source-document",
          sourceId: "cite-1",
          mediaType: "application/pdf",
          title: "Handbook.pdf",
          providerMetadata: { atrium: { citation: 1, documentId: "d-1", passage: "Intro" } },
        },
        {
          type: "source-document",
          sourceId: "cite-2",
          mediaType: "application/pdf",
          title: "Policy.pdf",
          providerMetadata: { atrium: { citation: 2, documentId: "d-2", passage: "30 days" } },
        },
      ],
    });
    expect(sources).toEqual([
      {
        number: 1,
        key: "cite-1",
        title: "Handbook.pdf",
        documentId: "d-1",
        href: null,
        passage: "Intro",
      },
      {
        number: 2,
        key: "cite-2",
        title: "Policy.pdf",
        documentId: "d-2",
        href: null,
        passage: "30 days",
      },
    ]);
  });

  it("numbers by position without metadata, and keeps only safe web links", () => {
    const sources = messageSources({
      parts: [
        { type: "source-url", sourceId: "a", url: "https://example.com/x", title: "Example" },
        { type: "source-url", sourceId: "b", url: "javascript:alert(1)" },
        { type: "source-url", sourceId: "a", url: "https://example.com/x" },
      ],
    });
    expect(sources.map((s) => [s.number, s.href])).toEqual([
      [1, "https://example.com/x"],
      [2, null],
    ]);
  });

  it("reads a document from an app path, and never links that path as a web address", () => {
    const sources = messageSources({
      parts: [
        { type: "source-url", sourceId: "a", url: "/dossier?document=doc-7", title: "Plan" },
        { type: "source-url", sourceId: "b", url: "/api/documents/doc%209/download" },
      ],
    });
    expect(sources.map((s) => [s.documentId, s.href])).toEqual([
      ["doc-7", null],
      ["doc 9", null],
    ]);
  });

  it("ignores a foreign or malformed provider metadata", () => {
    const [source] = messageSources({
      parts: [
        {
          type: "source-document",
          sourceId: "s",
          mediaType: "text/plain",
          title: "Notes",
          providerMetadata: { atrium: { documentId: 42, citation: "x" } },
        },
      ],
    });
    expect(source).toMatchObject({ number: 1, documentId: null, passage: null });
  });
});
