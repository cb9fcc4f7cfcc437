import { describe, expect, it } from "vitest";
import { folderAncestry, folderLabel, folderLabels } from "./folder-names.ts";
import { testFolder as folder } from "./testing/folder-factory.ts";

const folders = [
  folder("c", "Contracts", null, "contracts"),
  folder("c24", "2024", "c", "contracts/2024"),
  folder("c24q", "Q1 & Q2", "c24", "contracts/2024/q1-q2"),
];

describe("folder names", () => {
  it("gives the chain from the top level down for breadcrumbs", () => {
    expect(folderAncestry(folders, "c24q").map((f) => f._id)).toEqual(["c", "c24", "c24q"]);
    expect(folderAncestry(folders, null)).toEqual([]);
    expect(folderAncestry(folders, "unknown")).toEqual([]);
  });

  it("stops on a cycle instead of looping forever", () => {
    const looped = [folder("p", "P", "q", "p"), folder("q", "Q", "p", "q")];
    expect(folderAncestry(looped, "p").length).toBeLessThanOrEqual(3);
  });

  it("labels a folder by its names, not its slugs", () => {
    expect(folderLabel(folders, "c24q")).toBe("Contracts / 2024 / Q1 & Q2");
    expect(folderLabel(folders, "c")).toBe("Contracts");
    expect(folderLabel(folders, "unknown")).toBe("");
    expect([...folderLabels(folders).values()]).toEqual([
      "Contracts",
      "Contracts / 2024",
      "Contracts / 2024 / Q1 & Q2",
    ]);
  });
});
