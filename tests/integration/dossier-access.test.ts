import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { Db } from "../../src/server/db/database.ts";
import { folders } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError, type FnError } from "../support/call-fn.ts";
import { createFolder, insertDocument, startDossierServer } from "../support/dossier-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer } from "../support/server.ts";

/**
 * Who reaches the dossier, over HTTP on PGlite and PostgreSQL: "not found" for every id of
 * another organization (and nothing changes), a member's dossier private until shared (admins
 * included; the full matrix is dossier-sharing.test.ts), an empty one for a superadmin without an organization, and sign-in first.
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

  describe("organizations and callers", () => {
    it("answers 'not found' for every id of another organization, and changes nothing", async () => {
      const owner = await createTestUser(server);
      const intruder = await createTestUser(server, { role: "OrganizationAdmin" });
      const folder = await createFolder(server, owner, "Private");
      const sub = await createFolder(server, owner, "Inner", folder._id);
      const doc = await insertDocument(server, owner, {
        folderId: folder._id,
        name: "Private.pdf",
        status: "failed",
        withPreview: true,
      });
      const mine = await createFolder(server, intruder, "Mine");
      const myDoc = await insertDocument(server, intruder);

      /** The intruder's attempt at a call, kept to be run below. */
      const attempt =
        <C extends FunctionContract>(contract: C, args: ArgsOf<C>) =>
        (): Promise<FnError> =>
          callFnError(server, contract, args, intruder.token);
      const folderCalls = [
        attempt(api.folders.getSubfolders, { parentId: folder._id }),
        attempt(api.folders.getRemovalSummary, { folderId: folder._id }),
        attempt(api.folders.create, { name: "Sneaky", parentId: folder._id }),
        attempt(api.folders.rename, { folderId: folder._id, name: "Mine now" }),
        attempt(api.folders.move, { folderId: folder._id, parentId: null }),
        attempt(api.folders.move, { folderId: sub._id, parentId: null }),
        attempt(api.folders.move, { folderId: mine._id, parentId: folder._id }),
        attempt(api.folders.remove, { folderId: folder._id }),
        attempt(api.documents.list, {
          paginationOpts: { numItems: 20, cursor: null },
          filter: { folderId: folder._id },
        }),
        attempt(api.documents.search, {
          query: "anything",
          filters: { folderId: folder._id },
          paginationOpts: { numItems: 20, cursor: null },
        }),
        attempt(api.documents.move, { documentId: myDoc.id, folderId: folder._id }),
      ];
      for (const call of folderCalls) {
        expectError(await call(), "NOT_FOUND", "Folder was not found.");
      }
      const documentCalls = [
        attempt(api.documents.get, { documentId: doc.id }),
        attempt(api.documents.rename, { documentId: doc.id, name: "Mine" }),
        attempt(api.documents.move, { documentId: doc.id, folderId: null }),
        attempt(api.documents.move, { documentId: doc.id, folderId: mine._id }),
        attempt(api.documents.remove, { documentId: doc.id }),
        attempt(api.documents.retry, { documentId: doc.id }),
      ];
      for (const call of documentCalls) {
        expectError(await call(), "NOT_FOUND", "Document was not found.");
      }
      // Ids that are not ids at all, or that exist nowhere, get the same answer.
      for (const id of ["not-a-uuid", newId()]) {
        expectError(
          await callFnError(
            server,
            api.documents.list,
            { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: id } },
            intruder.token,
          ),
          "NOT_FOUND",
          "Folder was not found.",
        );
        expectError(
          await callFnError(server, api.documents.get, { documentId: id }, intruder.token),
          "NOT_FOUND",
          "Document was not found.",
        );
        expectError(
          await callFnError(
            server,
            api.folders.rename,
            { folderId: id, name: "X" },
            intruder.token,
          ),
          "NOT_FOUND",
          "Folder was not found.",
        );
      }
      expect(
        await callFn(server, api.documents.getMany, { documentIds: [doc.id] }, intruder.token),
      ).toEqual([]);
      expect(await callFn(server, api.folders.getAll, {}, intruder.token)).toEqual([
        expect.objectContaining({ _id: mine._id }),
      ]);

      // Nothing of the owner's changed.
      const folders_ = await callFn(server, api.folders.getAll, {}, owner.token);
      expect(folders_.map((f) => [f._id, f.name, f.path])).toEqual([
        [folder._id, "Private", "private"],
        [sub._id, "Inner", "private/inner"],
      ]);
      const still = await callFn(server, api.documents.get, { documentId: doc.id }, owner.token);
      expect(still).toMatchObject({
        name: "Private.pdf",
        folderId: folder._id,
        processingStatus: "failed",
      });
      expect(await storage().stat(doc.storageId)).toBeDefined();
      expect(await storage().stat(doc.previewStorageId!)).toBeDefined();
      const myDocNow = await callFn(
        server,
        api.documents.get,
        { documentId: myDoc.id },
        intruder.token,
      );
      expect(myDocNow.folderId).toBeNull();
      expect(await db.select().from(folders).where(eq(folders.parentId, folder._id))).toHaveLength(
        1,
      );
    });

    it("keeps a member's dossier private from colleagues and admins until its owner shares it", async () => {
      const owner = await createTestUser(server);
      const admin = await createTestUser(server, {
        role: "OrganizationAdmin",
        organizationId: owner.organizationId,
      });
      const folder = await createFolder(server, owner, "Shared");
      const doc = await insertDocument(server, owner, { folderId: folder._id });
      expectError(
        await callFnError(
          server,
          api.folders.rename,
          { folderId: folder._id, name: "Team" },
          admin.token,
        ),
        "NOT_FOUND",
        "Folder was not found.",
      );
      expectError(
        await callFnError(server, api.documents.get, { documentId: doc.id }, admin.token),
        "NOT_FOUND",
        "Document was not found.",
      );
      await callFn(
        server,
        api.shares.set,
        {
          entityType: "folder",
          entityId: folder._id,
          grantee: { organization: true },
          role: "editor",
        },
        owner.token,
      );
      const renamed = await callFn(
        server,
        api.folders.rename,
        { folderId: folder._id, name: "Team" },
        admin.token,
      );
      expect(renamed).toMatchObject({ ownerId: owner.userId, myRole: "editor" });
      expect(
        await callFn(
          server,
          api.documents.rename,
          { documentId: doc.id, name: "Renamed by admin" },
          admin.token,
        ),
      ).toMatchObject({ name: "Renamed by admin", myRole: "editor" });
    });

    it("gives a superadmin without an organization an empty dossier", async () => {
      const owner = await createTestUser(server);
      const folder = await createFolder(server, owner, "Owned");
      const doc = await insertDocument(server, owner, { folderId: folder._id });
      const superadmin = await createTestUser(server, { isSuperadmin: true });
      await db.execute(
        sql`update users set organization_id = null where id = ${superadmin.userId}`,
      );

      expect(await callFn(server, api.folders.getAll, {}, superadmin.token)).toEqual([]);
      expect(
        await callFn(server, api.folders.getSubfolders, { parentId: null }, superadmin.token),
      ).toEqual([]);
      expect(
        await callFn(
          server,
          api.folders.getFolderIdByFullSlugPath,
          { path: "owned" },
          superadmin.token,
        ),
      ).toBeNull();
      expect(
        await callFn(
          server,
          api.documents.list,
          { paginationOpts: { numItems: 20, cursor: null }, filter: { folderId: null } },
          superadmin.token,
        ),
      ).toEqual({ page: [], isDone: true, continueCursor: "" });
      expect(
        (
          await callFn(
            server,
            api.documents.search,
            { query: "anything", paginationOpts: { numItems: 20, cursor: null } },
            superadmin.token,
          )
        ).page,
      ).toEqual([]);
      expectError(
        await callFnError(server, api.documents.get, { documentId: doc.id }, superadmin.token),
        "NOT_FOUND",
      );
      expectError(
        await callFnError(server, api.folders.remove, { folderId: folder._id }, superadmin.token),
        "NOT_FOUND",
      );
      expectError(
        await callFnError(server, api.folders.create, { name: "Nowhere" }, superadmin.token),
        "FORBIDDEN",
        "Your account does not belong to an organization, so it has no dossier.",
      );
    });

    it("asks for sign-in first", async () => {
      const result = await callFnError(server, api.folders.getAll, {});
      expectError(result, "UNAUTHENTICATED", "Authentication required");
    });
  });
});
