import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Db } from "../../src/server/db/database.ts";
import { documentChunks, documents } from "../../src/server/db/schema.ts";
import { callFn, callFnError, callFnResult, errorOf, expectError } from "../support/call-fn.ts";
import {
  createFolder,
  insertChunk,
  insertDocument,
  startDossierServer,
} from "../support/dossier-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer } from "../support/server.ts";

/**
 * Every folders.* function over HTTP on PGlite and PostgreSQL: slugs and full slug paths,
 * lookups by path, renames and moves that carry the subtree along, refusals (duplicate slugs,
 * cycles, depth), and removal with everything beneath, blobs included.
 */

describe.each(DB_KINDS)("dossier functions (%s)", (kind) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await startDossierServer(kind);
    db = server.running.services.database.db;
  });
  afterAll(async () => {
    await server.close();
  });

  const storage = () => server.running.services.storage;

  describe("folders", () => {
    it("creates folders with slugs and full slug paths, and lists them", async () => {
      const user = await createTestUser(server);
      const contracts = await createFolder(server, user, "  Contracts & NDAs ");
      expect(contracts).toMatchObject({
        name: "Contracts & NDAs",
        slug: "contracts-ndas",
        path: "contracts-ndas",
        parentId: null,
        ownerId: user.userId,
      });
      const year = await createFolder(server, user, "2024", contracts._id);
      expect(year).toMatchObject({
        slug: "2024",
        path: "contracts-ndas/2024",
        parentId: contracts._id,
      });
      const q1 = await createFolder(server, user, "Q1 – Renewals", year._id);
      expect(q1.path).toBe("contracts-ndas/2024/q1-renewals");
      const research = await createFolder(server, user, "Research");
      // Names without ASCII letters get distinct slugs rather than all colliding.
      const emoji = await createFolder(server, user, "🚀");
      const chinese = await createFolder(server, user, "合同");
      expect(emoji.slug).toMatch(/^folder-[0-9a-f]{8}$/);
      expect(chinese.slug).toMatch(/^folder-[0-9a-f]{8}$/);
      expect(chinese.slug).not.toBe(emoji.slug);

      const all = await callFn(server, api.folders.getAll, {}, user.token);
      expect(all.map((f) => f.path)).toEqual([
        "contracts-ndas",
        "contracts-ndas/2024",
        "contracts-ndas/2024/q1-renewals",
        ...[emoji.path, chinese.path].sort(),
        "research",
      ]);
      const top = await callFn(server, api.folders.getSubfolders, { parentId: null }, user.token);
      expect(top.map((f) => f.name)).toEqual(["Contracts & NDAs", "Research", "合同", "🚀"]);
      const children = await callFn(
        server,
        api.folders.getSubfolders,
        { parentId: contracts._id },
        user.token,
      );
      expect(children.map((f) => f._id)).toEqual([year._id]);
      expect(research._creationTime).toBeGreaterThan(Date.now() - 60_000);
    });

    it("refuses a sibling with the same slug, but allows it under another parent", async () => {
      const user = await createTestUser(server);
      const board = await createFolder(server, user, "Board");
      const result = await callFnError(server, api.folders.create, { name: "BOARD!" }, user.token);
      expectError(result, "CONFLICT", 'A folder named "Board" already exists here.');
      const nested = await createFolder(server, user, "Board", board._id);
      expect(nested.path).toBe("board/board");
      const invalid = await callFnError(server, api.folders.create, { name: "a/b" }, user.token);
      expectError(invalid, "INVALID_ARGS");
      expect(invalid.message).toContain("Folder name cannot contain / or \\");
    });

    it("finds a folder by its full slug path, tolerating slashes, case and URL encoding", async () => {
      const user = await createTestUser(server);
      const other = await createTestUser(server);
      const contracts = await createFolder(server, user, "Contracts");
      const year = await createFolder(server, user, "2024", contracts._id);
      await createFolder(server, other, "Secret");
      const lookup = (path: string) =>
        callFn(server, api.folders.getFolderIdByFullSlugPath, { path }, user.token);

      expect(await lookup("contracts")).toEqual({ _id: contracts._id });
      expect(await lookup("contracts/2024")).toEqual({ _id: year._id });
      expect(await lookup("/contracts/2024/")).toEqual({ _id: year._id });
      expect(await lookup("//Contracts//2024")).toEqual({ _id: year._id });
      expect(await lookup("contracts%2F2024")).toEqual({ _id: year._id });
      expect(await lookup("%63ontracts/2024")).toEqual({ _id: year._id });
      expect(await lookup("contracts/2025")).toBeNull();
      expect(await lookup("")).toBeNull();
      expect(await lookup("/")).toBeNull();
      expect(await lookup("contracts/%E0%A4%A")).toBeNull();
      // Another organization's folder is not there for this user.
      expect(await lookup("secret")).toBeNull();
    });

    it("renames a folder: new slug, and every path beneath follows", async () => {
      const user = await createTestUser(server);
      const contracts = await createFolder(server, user, "Contracts");
      const year = await createFolder(server, user, "2024", contracts._id);
      const q1 = await createFolder(server, user, "Q1", year._id);
      const lookalike = await createFolder(server, user, "Contracts archive");

      const renamed = await callFn(
        server,
        api.folders.rename,
        { folderId: contracts._id, name: "Agreements" },
        user.token,
      );
      expect(renamed).toMatchObject({ _id: contracts._id, name: "Agreements", slug: "agreements" });
      expect(renamed.path).toBe("agreements");
      const byId = new Map(
        (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => [f._id, f]),
      );
      expect(byId.get(year._id)?.path).toBe("agreements/2024");
      expect(byId.get(q1._id)?.path).toBe("agreements/2024/q1");
      // A folder whose path merely starts with the same letters is untouched.
      expect(byId.get(lookalike._id)?.path).toBe("contracts-archive");

      const lookup = (path: string) =>
        callFn(server, api.folders.getFolderIdByFullSlugPath, { path }, user.token);
      expect(await lookup("contracts/2024/q1")).toBeNull();
      expect(await lookup("agreements/2024/q1")).toEqual({ _id: q1._id });

      // A change of case only keeps the slug.
      const cased = await callFn(
        server,
        api.folders.rename,
        { folderId: year._id, name: "2024 " },
        user.token,
      );
      expect(cased.path).toBe("agreements/2024");

      const clash = await callFnError(
        server,
        api.folders.rename,
        { folderId: lookalike._id, name: "Agreements" },
        user.token,
      );
      expectError(clash, "CONFLICT", 'A folder named "Agreements" already exists here.');
    });

    it("moves a folder with its subtree, and refuses cycles and duplicate slugs", async () => {
      const user = await createTestUser(server);
      const a = await createFolder(server, user, "A");
      const b = await createFolder(server, user, "B", a._id);
      const c = await createFolder(server, user, "C", b._id);
      const target = await createFolder(server, user, "Target");
      await createFolder(server, user, "B", target._id);

      const move = (folderId: string, parentId: string | null) =>
        callFn(server, api.folders.move, { folderId, parentId }, user.token);
      const refuseMove = (folderId: string, parentId: string | null) =>
        callFnError(server, api.folders.move, { folderId, parentId }, user.token);
      const cycle = "A folder cannot be moved into itself or one of its subfolders.";
      expectError(await refuseMove(a._id, a._id), "CONFLICT", cycle);
      expectError(await refuseMove(a._id, b._id), "CONFLICT", cycle);
      expectError(await refuseMove(a._id, c._id), "CONFLICT", cycle);
      expectError(
        await refuseMove(b._id, target._id),
        "CONFLICT",
        'A folder named "B" already exists here.',
      );

      const moved = await move(b._id, null);
      expect(moved).toMatchObject({ _id: b._id, parentId: null, path: "b" });
      const byId = new Map(
        (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => [f._id, f]),
      );
      expect(byId.get(c._id)).toMatchObject({ path: "b/c", parentId: b._id });

      const intoTarget = await move(c._id, target._id);
      expect(intoTarget).toMatchObject({ path: "target/c", parentId: target._id });
      // Moving where it already is changes nothing.
      const same = await move(c._id, target._id);
      expect(same).toMatchObject({ path: "target/c" });
      // A moved folder can still be found by its new path only.
      expect(
        await callFn(server, api.folders.getFolderIdByFullSlugPath, { path: "a/b/c" }, user.token),
      ).toBeNull();
      expect(
        await callFn(
          server,
          api.folders.getFolderIdByFullSlugPath,
          { path: "target/c" },
          user.token,
        ),
      ).toEqual({ _id: c._id });
    });

    it("refuses the second of two concurrent moves that together would make a loop", async () => {
      const user = await createTestUser(server);
      const a = await createFolder(server, user, "A");
      const b = await createFolder(server, user, "B");
      const results = await Promise.all([
        callFnResult(server, api.folders.move, { folderId: a._id, parentId: b._id }, user.token),
        callFnResult(server, api.folders.move, { folderId: b._id, parentId: a._id }, user.token),
      ]);
      expect(results.map((r) => r.body.status).sort()).toEqual(["error", "success"]);
      const refused = results.find((r) => r.body.status === "error")!;
      expectError(
        errorOf(refused),
        "CONFLICT",
        "A folder cannot be moved into itself or one of its subfolders.",
      );
      const paths = (await callFn(server, api.folders.getAll, {}, user.token)).map((f) => f.path);
      expect([
        ["a", "a/b"],
        ["b", "b/a"],
      ]).toContainEqual(paths);
    });

    it("keeps folders at most 32 levels deep, on create and on move", async () => {
      const user = await createTestUser(server);
      let parentId: string | null = null;
      const chain: Folder[] = [];
      for (let level = 1; level <= 32; level++) {
        const folder: Folder = await createFolder(server, user, `L${level}`, parentId);
        chain.push(folder);
        parentId = folder._id;
      }
      const tooDeep = await callFnError(
        server,
        api.folders.create,
        { name: "L33", parentId },
        user.token,
      );
      expectError(tooDeep, "CONFLICT", "Folders can be nested at most 32 levels deep.");
      const branch = await createFolder(server, user, "Branch");
      await createFolder(server, user, "Leaf", branch._id);
      const moveDeep = await callFnError(
        server,
        api.folders.move,
        { folderId: branch._id, parentId: chain[30]!._id },
        user.token,
      );
      expectError(moveDeep, "CONFLICT", "Folders can be nested at most 32 levels deep.");
    });

    it("summarizes and removes a folder with everything beneath it, blobs included", async () => {
      const user = await createTestUser(server);
      const doomed = await createFolder(server, user, "Doomed");
      const child = await createFolder(server, user, "Child", doomed._id);
      const grandchild = await createFolder(server, user, "Grandchild", child._id);
      const kept = await createFolder(server, user, "Kept");
      const inDoomed = await insertDocument(server, user, { folderId: doomed._id, size: 1000 });
      const inChild = await insertDocument(server, user, {
        folderId: child._id,
        size: 2500,
        withPreview: true,
      });
      const inGrandchild = await insertDocument(server, user, {
        folderId: grandchild._id,
        size: 500,
      });
      await insertChunk(server, user, inChild.id, "a passage of the child document");
      const keptDoc = await insertDocument(server, user, { folderId: kept._id, withPreview: true });

      const summary = await callFn(
        server,
        api.folders.getRemovalSummary,
        { folderId: doomed._id },
        user.token,
      );
      expect(summary).toEqual({ folders: 3, documents: 3, bytes: 4000 });
      expect(
        await callFn(
          server,
          api.folders.getRemovalSummary,
          { folderId: grandchild._id },
          user.token,
        ),
      ).toEqual({ folders: 1, documents: 1, bytes: 500 });

      const removed = await callFn(
        server,
        api.folders.remove,
        { folderId: doomed._id },
        user.token,
      );
      expect(removed).toEqual({ folders: 3, documents: 3 });

      const remaining = await callFn(server, api.folders.getAll, {}, user.token);
      expect(remaining.map((f) => f._id)).toEqual([kept._id]);
      const docIds = [inDoomed.id, inChild.id, inGrandchild.id];
      for (const id of docIds) {
        expect(await db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
      }
      expect(
        await db.select().from(documentChunks).where(eq(documentChunks.documentId, inChild.id)),
      ).toEqual([]);
      for (const key of [inDoomed.storageId, inChild.storageId, inChild.previewStorageId!]) {
        expect(await storage().stat(key)).toBeUndefined();
      }
      expect(await storage().stat(inGrandchild.storageId)).toBeUndefined();
      // What was elsewhere stays.
      expect(await storage().stat(keptDoc.storageId)).toBeDefined();
      expect(await storage().stat(keptDoc.previewStorageId!)).toBeDefined();
      expect(
        await callFn(server, api.documents.get, { documentId: keptDoc.id }, user.token),
      ).toMatchObject({
        _id: keptDoc.id,
      });

      const again = await callFnError(
        server,
        api.folders.remove,
        { folderId: doomed._id },
        user.token,
      );
      expectError(again, "NOT_FOUND", "Folder was not found.");
    });
  });
});
