import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../documents/cursor.ts";
import { childPath, depthOf, folderSlug, normalizeSlugPath } from "./slugs.ts";

describe("folder slugs and paths", () => {
  it("slugs a name to lower-case ASCII, and gives names without letters a stable hashed slug", () => {
    expect(folderSlug("Contracts & NDAs 2024")).toBe("contracts-ndas-2024");
    expect(folderSlug("Équipe Générale")).toBe("equipe-generale");
    expect(folderSlug("合同")).toMatch(/^folder-[0-9a-f]{8}$/);
    expect(folderSlug("合同")).toBe(folderSlug("合同"));
    expect(folderSlug("合同")).not.toBe(folderSlug("契約"));
  });

  it("normalizes a path from a URL", () => {
    expect(normalizeSlugPath("/Contracts//2024/")).toBe("contracts/2024");
    expect(normalizeSlugPath("contracts%2F2024")).toBe("contracts/2024");
    expect(normalizeSlugPath(" contracts / 2024 ")).toBe("contracts/2024");
    expect(normalizeSlugPath("")).toBeUndefined();
    expect(normalizeSlugPath("///")).toBeUndefined();
    expect(normalizeSlugPath("bad%E0%A4%A")).toBeUndefined();
  });

  it("builds and measures paths", () => {
    expect(childPath(null, "a")).toBe("a");
    expect(childPath("a/b", "c")).toBe("a/b/c");
    expect(depthOf("a/b/c")).toBe(3);
  });
});

describe("document cursors", () => {
  it("round-trips the exact timestamp and id", () => {
    const cursor = {
      createdAt: "2025-03-01T12:00:00.000042",
      id: "01a201be-dda6-7795-bc3f-2d482a2f534d",
    };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it("refuses anything it did not make", () => {
    for (const bad of [
      "",
      "not base64 at all!",
      Buffer.from("2025-03-01T12:00:00|01a201be-dda6-7795-bc3f-2d482a2f534d").toString("base64url"),
      Buffer.from("2025-03-01T12:00:00.000001|x").toString("base64url"),
      Buffer.from("2025-03-01T12:00:00.000001|01a201be-dda6-7795-bc3f-2d482a2f534d|x").toString(
        "base64url",
      ),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow("This page of the list is no longer valid");
    }
  });
});
