import { describe, expect, it } from "vitest";
import { buildFolderTree, childFolders, ownFolders, subtreeIds } from "./folder-tree.ts";
import { testFolder as folder } from "./testing/folder-factory.ts";

const folders = [
  folder("c", "Contracts", null, "contracts"),
  folder("c24", "2024", "c", "contracts/2024"),
  folder("c9", "9 old", "c", "contracts/9-old"),
  folder("c24q", "Q1", "c24", "contracts/2024/q1"),
  folder("a", "archive", null, "archive"),
  folder("b", "Board", null, "board"),
];

describe("folder tree", () => {
  it("nests folders under their parents, by name with numbers in numeric order", () => {
    const tree = buildFolderTree(folders);
    expect(tree.map((n) => n.folder.name)).toEqual(["archive", "Board", "Contracts"]);
    const contracts = tree[2];
    expect(contracts?.children.map((n) => n.folder.name)).toEqual(["9 old", "2024"]);
    expect(contracts?.children[1]?.children.map((n) => n.folder._id)).toEqual(["c24q"]);
  });

  it("keeps a folder whose parent is missing at the top rather than losing it", () => {
    const tree = buildFolderTree([folder("x", "Orphan", "gone", "gone/orphan")]);
    expect(tree.map((n) => n.folder._id)).toEqual(["x"]);
  });

  it("lists a folder's direct children and the top level", () => {
    expect(childFolders(folders, null).map((f) => f._id)).toEqual(["a", "b", "c"]);
    expect(childFolders(folders, "c").map((f) => f._id)).toEqual(["c9", "c24"]);
    expect(childFolders(folders, "c24q")).toEqual([]);
  });

  it("finds a folder and everything below it (where it cannot be moved to)", () => {
    expect([...subtreeIds(folders, "c")].sort()).toEqual(["c", "c24", "c24q", "c9"]);
    expect([...subtreeIds(folders, "b")]).toEqual(["b"]);
  });

  it("keeps my own dossier apart from what others shared with me", () => {
    const shared = (f: ReturnType<typeof folder>, myRole: "editor" | "viewer") => ({
      ...f,
      myRole,
    });
    const mixed = [
      ...folders,
      // Someone else's top-level folder and what is inside it, shared with me.
      shared(folder("s", "Theirs", null, "theirs"), "viewer"),
      shared(folder("s1", "Inner", "s", "theirs/inner"), "viewer"),
      // A subfolder shared on its own (its parent is not mine to see).
      shared(folder("d", "Deep", "hidden", "hidden/deep"), "editor"),
      // An editor's folder inside my own: still my dossier.
      shared(folder("e", "Added by an editor", "c", "contracts/added"), "editor"),
    ];
    expect(
      ownFolders(mixed)
        .map((f) => f._id)
        .sort(),
    ).toEqual(["a", "b", "c", "c24", "c24q", "c9", "e"]);
  });
});
