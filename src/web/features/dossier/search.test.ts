import { describe, expect, it } from "vitest";
import { dossierSearchSchema, hasDocumentFilters } from "./search.ts";

describe("dossier search params", () => {
  it("accepts SPEC's params", () => {
    expect(
      dossierSearchSchema.parse({
        q: " invoices ",
        tags: ["a", "b"],
        processingStatus: "failed",
        start: "2024-01-01",
        end: "2024-12-31",
        document: "doc-1",
      }),
    ).toEqual({
      q: "invoices",
      tags: ["a", "b"],
      processingStatus: "failed",
      start: "2024-01-01",
      end: "2024-12-31",
      document: "doc-1",
    });
  });

  it("reads comma-separated tags from a typed address and drops duplicates", () => {
    expect(dossierSearchSchema.parse({ tags: "a,b,a" }).tags).toEqual(["a", "b"]);
  });

  it("drops bad values instead of failing the page", () => {
    expect(
      dossierSearchSchema.parse({
        q: "",
        tags: [],
        processingStatus: "archived",
        start: "yesterday",
        end: "2024-02-31x",
        document: 42,
      }),
    ).toEqual({});
  });

  it("counts status, tags and dates as filters, not the search text", () => {
    expect(hasDocumentFilters({})).toBe(false);
    expect(hasDocumentFilters({ processingStatus: "pending" })).toBe(true);
    expect(hasDocumentFilters({ tags: ["x"] })).toBe(true);
    expect(hasDocumentFilters({ end: "2024-01-01" })).toBe(true);
  });
});
