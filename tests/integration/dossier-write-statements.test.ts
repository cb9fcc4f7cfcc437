import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { Db } from "../../src/server/db/database.ts";
import { documents, dossierFavorites } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import { createFolder, insertDocument, startDossierServer } from "../support/dossier-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer, type TestUser } from "../support/server.ts";

/**
 * The dossier writes whose access check moved into the write itself (decision 032, "PGlite
 * request cost"): documents.rename and documents.setTags (the check in the UPDATE's WHERE) and
 * the stars (one statement: the readable row in a CTE, the star written from it). Same answers
 * as before: "not found" for what the caller cannot read, "forbidden" for a viewer's edit,
 * nothing written on a refusal; and, on PGlite, fewer statements.
 */
describe.each(DB_KINDS)("dossier writes checked in one statement (%s)", (kind) => {
  let server: TestServer;
  let db: Db;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let outsider: TestUser;
  let folder: { _id: string };
  let doc: { id: string };

  beforeAll(async () => {
    server = await startDossierServer(kind);
    db = server.running.services.database.db;
    owner = await createTestUser(server);
    viewer = await createTestUser(server, { organizationId: owner.organizationId });
    stranger = await createTestUser(server, { organizationId: owner.organizationId });
    outsider = await createTestUser(server);
    folder = await createFolder(server, owner, "Shelf");
    doc = await insertDocument(server, owner, { folderId: folder._id, name: "Book.pdf" });
    await callFn(
      server,
      api.shares.set,
      {
        entityType: "folder",
        entityId: folder._id,
        grantee: { userId: viewer.userId },
        role: "viewer",
      },
      owner.token,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const row = async () => (await db.select().from(documents).where(eq(documents.id, doc.id)))[0]!;
  const stars = (user: TestUser) =>
    db
      .select()
      .from(dossierFavorites)
      .where(and(eq(dossierFavorites.userId, user.userId), eq(dossierFavorites.entityId, doc.id)));

  it("renames and tags for an editor, refuses a viewer (forbidden) and others (not found), writing nothing", async () => {
    const renamed = await callFn(
      server,
      api.documents.rename,
      { documentId: doc.id, name: "Renamed.pdf" },
      owner.token,
    );
    expect(renamed).toMatchObject({ name: "Renamed.pdf", myRole: "owner" });
    const tagged = await callFn(
      server,
      api.documents.setTags,
      { documentId: doc.id, tags: ["Lease", "draft"], primaryTagName: "lease" },
      owner.token,
    );
    // The primary tag is typed first, so its spelling wins (normalizeTags).
    expect(tagged).toMatchObject({ tags: ["lease", "draft"], primaryTagName: "lease" });

    expectError(
      await callFnError(
        server,
        api.documents.rename,
        { documentId: doc.id, name: "Viewer.pdf" },
        viewer.token,
      ),
      "FORBIDDEN",
    );
    expectError(
      await callFnError(
        server,
        api.documents.setTags,
        { documentId: doc.id, tags: ["x"], primaryTagName: null },
        viewer.token,
      ),
      "FORBIDDEN",
    );
    for (const user of [stranger, outsider]) {
      for (const documentId of [doc.id, newId(), "not-a-uuid"]) {
        expectError(
          await callFnError(
            server,
            api.documents.rename,
            { documentId, name: "Stolen.pdf" },
            user.token,
          ),
          "NOT_FOUND",
          "Document was not found.",
        );
        expectError(
          await callFnError(
            server,
            api.documents.setTags,
            { documentId, tags: ["x"], primaryTagName: null },
            user.token,
          ),
          "NOT_FOUND",
          "Document was not found.",
        );
      }
    }
    expect(await row()).toMatchObject({
      name: "Renamed.pdf",
      tags: ["lease", "draft"],
      primaryTagName: "lease",
    });
  });

  it("stars and unstars what the caller may read, twice changing nothing; not found otherwise", async () => {
    const star = (user: TestUser, favorite: boolean, documentId = doc.id) =>
      callFn(server, api.documents.setFavorite, { documentId, favorite }, user.token);
    await star(viewer, true);
    await star(viewer, true);
    expect(await stars(viewer)).toHaveLength(1);
    expect(
      (await callFn(server, api.documents.get, { documentId: doc.id }, viewer.token)).isFavorite,
    ).toBe(true);
    await star(viewer, false);
    await star(viewer, false);
    expect(await stars(viewer)).toHaveLength(0);
    await callFn(
      server,
      api.folders.setFavorite,
      { folderId: folder._id, favorite: true },
      viewer.token,
    );
    expect(
      (await callFn(server, api.folders.listFavorites, {}, viewer.token)).map((f) => f._id),
    ).toEqual([folder._id]);

    for (const user of [stranger, outsider]) {
      for (const favorite of [true, false]) {
        for (const documentId of [doc.id, newId(), "not-a-uuid"]) {
          expectError(
            await callFnError(
              server,
              api.documents.setFavorite,
              { documentId, favorite },
              user.token,
            ),
            "NOT_FOUND",
            "Document was not found.",
          );
        }
        expectError(
          await callFnError(
            server,
            api.folders.setFavorite,
            { folderId: folder._id, favorite },
            user.token,
          ),
          "NOT_FOUND",
          "Folder was not found.",
        );
      }
      expect(await stars(user)).toHaveLength(0);
    }
  });
});

/** Statement counts are PGlite's (its driver counts them); PostgreSQL gives the same answers above. */
describe("dossier writes checked in one statement: statements (pglite)", () => {
  let server: TestServer;
  let owner: TestUser;
  let doc: { id: string };

  beforeAll(async () => {
    server = await startDossierServer("pglite");
    owner = await createTestUser(server);
    const folder = await createFolder(server, owner, "Shelf");
    doc = await insertDocument(server, owner, { folderId: folder._id, name: "Book.pdf" });
  });
  afterAll(async () => {
    await server.close();
  });

  it("writes a rename with 3 statements and a star with 2 (the marker included)", async () => {
    const stats = server.running.services.database.statementStats!;
    // The fewest of five calls: background work (the job worker's polls) counts too.
    const count = async (work: () => Promise<unknown>) => {
      let fewest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const before = stats.statements;
        await work();
        fewest = Math.min(fewest, stats.statements - before);
      }
      return fewest;
    };
    expect(
      await count(() =>
        callFn(
          server,
          api.documents.rename,
          { documentId: doc.id, name: "Counted.pdf" },
          owner.token,
        ),
      ),
    ).toBe(3);
    expect(
      await count(() =>
        callFn(
          server,
          api.documents.setFavorite,
          { documentId: doc.id, favorite: true },
          owner.token,
        ),
      ),
    ).toBe(2);
  });
});
