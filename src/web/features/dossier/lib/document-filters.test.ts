import { describe, expect, it } from "vitest";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { filterDocuments, sortDocuments } from "./document-filters.ts";

const day = (iso: string) => new Date(`${iso}T12:00:00`).getTime();

function doc(id: string, overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    _id: id,
    _creationTime: day("2024-05-10"),
    storageId: `s-${id}`,
    folderId: null,
    ownerId: null,
    name: id,
    title: null,
    fileNameOriginal: null,
    fileType: "pdf",
    mimeType: "application/pdf",
    primaryTagName: null,
    tags: [],
    size: 100,
    processingStatus: "completed",
    processingError: null,
    summary: null,
    hasPreview: false,
    updatedAt: 0,
    ownerName: null,
    myRole: "owner",
    isFavorite: false,
    ...overrides,
  };
}

describe("filterDocuments", () => {
  const docs = [
    doc("a", { processingStatus: "failed", tags: ["Invoice"], _creationTime: day("2024-05-01") }),
    doc("b", {
      processingStatus: "completed",
      tags: ["invoice", "2024"],
      _creationTime: day("2024-05-31"),
    }),
    doc("c", {
      processingStatus: "pending",
      primaryTagName: "Contract",
      _creationTime: day("2024-06-01"),
    }),
  ];

  it("keeps only the chosen processing status", () => {
    expect(filterDocuments(docs, { processingStatus: "failed" }).map((d) => d._id)).toEqual(["a"]);
    expect(filterDocuments(docs, {}).map((d) => d._id)).toEqual(["a", "b", "c"]);
  });

  it("needs every chosen tag, in any case, counting the document type", () => {
    expect(filterDocuments(docs, { tags: ["INVOICE"] }).map((d) => d._id)).toEqual(["a", "b"]);
    expect(filterDocuments(docs, { tags: ["invoice", "2024"] }).map((d) => d._id)).toEqual(["b"]);
    expect(filterDocuments(docs, { tags: ["contract"] }).map((d) => d._id)).toEqual(["c"]);
  });

  it("includes both the start and the end day", () => {
    const may = filterDocuments(docs, { start: "2024-05-01", end: "2024-05-31" });
    expect(may.map((d) => d._id)).toEqual(["a", "b"]);
    expect(filterDocuments(docs, { start: "2024-06-01" }).map((d) => d._id)).toEqual(["c"]);
    expect(filterDocuments(docs, { end: "2024-04-30" })).toEqual([]);
  });
});

describe("sortDocuments", () => {
  const docs = [
    doc("1", {
      name: "report 10.pdf",
      size: 300,
      fileType: "pdf",
      primaryTagName: "Invoice",
      _creationTime: 3,
    }),
    doc("2", {
      name: "Report 9.pdf",
      size: 100,
      fileType: "docx",
      primaryTagName: null,
      _creationTime: 1,
    }),
    doc("3", {
      name: "annex.pdf",
      size: 200,
      fileType: "csv",
      primaryTagName: "Contract",
      _creationTime: 2,
    }),
  ];
  const order = (sorted: DocumentSummary[]) => sorted.map((d) => d._id);

  it("leaves the server's order alone without a sort", () => {
    expect(order(sortDocuments(docs, null))).toEqual(["1", "2", "3"]);
  });

  it("sorts names naturally, ignoring case, both ways", () => {
    expect(order(sortDocuments(docs, { field: "name", direction: "asc" }))).toEqual([
      "3",
      "2",
      "1",
    ]);
    expect(order(sortDocuments(docs, { field: "name", direction: "desc" }))).toEqual([
      "1",
      "2",
      "3",
    ]);
  });

  it("sorts by size, date and kind", () => {
    expect(order(sortDocuments(docs, { field: "size", direction: "asc" }))).toEqual([
      "2",
      "3",
      "1",
    ]);
    expect(order(sortDocuments(docs, { field: "_creationTime", direction: "desc" }))).toEqual([
      "1",
      "3",
      "2",
    ]);
    expect(order(sortDocuments(docs, { field: "fileType", direction: "asc" }))).toEqual([
      "3",
      "2",
      "1",
    ]);
  });

  it("puts documents without a type last whichever way types are sorted", () => {
    expect(order(sortDocuments(docs, { field: "primaryTagName", direction: "asc" }))).toEqual([
      "3",
      "1",
      "2",
    ]);
    expect(order(sortDocuments(docs, { field: "primaryTagName", direction: "desc" }))).toEqual([
      "1",
      "3",
      "2",
    ]);
  });

  it("keeps ties in their original order", () => {
    const same = [doc("x", { size: 5 }), doc("y", { size: 5 }), doc("z", { size: 5 })];
    expect(order(sortDocuments(same, { field: "size", direction: "desc" }))).toEqual([
      "x",
      "y",
      "z",
    ]);
  });
});
