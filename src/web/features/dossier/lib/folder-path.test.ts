import { describe, expect, it } from "vitest";
import { folderPathOfPathname, normalizeFolderPath } from "./folder-path.ts";

describe("folder paths from the address bar", () => {
  it("normalizes slashes, spaces and case like the server", () => {
    expect(normalizeFolderPath("Contracts//2024/")).toBe("contracts/2024");
    expect(normalizeFolderPath(" a / b ")).toBe("a/b");
  });

  it("names no folder for an empty or overlong path", () => {
    expect(normalizeFolderPath(undefined)).toBeNull();
    expect(normalizeFolderPath("///")).toBeNull();
    expect(normalizeFolderPath("a".repeat(2001))).toBeNull();
  });

  it("reads the folder from a /dossier pathname", () => {
    expect(folderPathOfPathname("/dossier")).toBe("");
    expect(folderPathOfPathname("/dossier/")).toBe("");
    expect(folderPathOfPathname("/dossier/Contracts/2024")).toBe("contracts/2024");
    expect(folderPathOfPathname("/dossier/caf%C3%A9")).toBe("café");
    expect(folderPathOfPathname("/dossier/bad%E0")).toBe("bad%e0");
    expect(folderPathOfPathname("/account")).toBe("");
    // The shared area shows the same folders; favorites is no folder.
    expect(folderPathOfPathname("/dossier/shared")).toBe("");
    expect(folderPathOfPathname("/dossier/shared/Deal-Room/nda")).toBe("deal-room/nda");
    expect(folderPathOfPathname("/dossier/favorites")).toBe("");
  });
});
