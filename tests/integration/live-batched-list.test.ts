import { describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { memberParts } from "../../src/server/documents/list-documents.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn } from "../support/call-fn.ts";
import { createFolder, insertDocument } from "../support/dossier-fixtures.ts";
import { createTeam, folderListArgs, liveSetups, useLiveSetup } from "../support/live-team.ts";
import { createTestUser, type TestUser } from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import type { TestSocket } from "../support/sync-socket.ts";

/**
 * A folder's live list reads every waiting member's own part — rank, star, folder check — in
 * ONE statement (decision 034, batched reads): viewer, editor and owner get their own role and
 * star from the same batch, a star reaches only its member, a removed share stops the rows, and
 * a change that lands while a batch is read is not lost. The batched statement answers what a
 * lone member's (and a plain HTTP call's) does. On one instance of each database, and across
 * two PostgreSQL instances (writes on one, the members' sockets on the other).
 */

type Page = ResultOf<typeof api.documents.list>;

describe.each(liveSetups)("batched live list (%s)", (_, make) => {
  const live = useLiveSetup(make);
  const signedInSocket = (user: TestUser) => live.signedInSocket(live.setup.b, user);
  const listArgs = folderListArgs;

  /** An owner's folder with two documents, a viewer who starred one, an editor; all subscribed. */
  async function team() {
    const { owner, viewer, editor, folder, starred, plain } = await createTeam(live.setup.a);
    const args = listArgs(folder._id);
    const members = { owner, viewer, editor };
    const socketOf = {} as Record<keyof typeof members, TestSocket>;
    for (const name of ["owner", "viewer", "editor"] as const) {
      socketOf[name] = await signedInSocket(members[name]);
      await subscribeFn(socketOf[name], "team", api.documents.list, args);
    }
    return { ...members, folder, starred, plain, args, socketOf };
  }

  const roles = (page: Page) =>
    Object.fromEntries(page.page.map((d) => [d.name, `${d.myRole}${d.isFavorite ? "*" : ""}`]));

  it("gives viewer, editor and owner their own role and star from one batch, as HTTP answers", async () => {
    const { a, b } = live.setup;
    const t = await team();
    const stats = b.running.hub.stats;
    const before = { batches: stats.batches, inputs: stats.batchInputs };
    // A new row: every member's part is read again, together.
    const added = (p: Page) => p.page.some((d) => d.name === "Added.pdf");
    const pushes = (["viewer", "editor", "owner"] as const).map((name) =>
      nextValue(t.socketOf[name], "team", api.documents.list, added, 15_000),
    );
    await insertDocument(a, t.owner, { folderId: t.folder._id, name: "Added.pdf" });
    const [toViewer, toEditor, toOwner] = await Promise.all(pushes);
    expect(roles(toViewer!)).toEqual({
      "Added.pdf": "viewer",
      "Starred.pdf": "viewer*",
      "Plain.pdf": "viewer",
    });
    expect(roles(toEditor!)).toEqual({
      "Added.pdf": "editor",
      "Starred.pdf": "editor",
      "Plain.pdf": "editor",
    });
    expect(roles(toOwner!)).toEqual({
      "Added.pdf": "owner",
      "Starred.pdf": "owner",
      "Plain.pdf": "owner",
    });
    // The three were read together: fewer batches than members' reads.
    const batches = stats.batches - before.batches;
    expect(batches).toBeGreaterThan(0);
    expect(stats.batchInputs - before.inputs).toBeGreaterThan(batches);
    // Exactly what each of them gets over HTTP (one member's statement).
    for (const [user, pushed] of [
      [t.viewer, toViewer],
      [t.editor, toEditor],
      [t.owner, toOwner],
    ] as const) {
      expect(await callFn(a, api.documents.list, t.args, user.token)).toEqual(pushed);
    }
  });

  it("keeps the members' parts through a rename and a tag, and reads them again when access changes", async () => {
    const { a, b } = live.setup;
    const t = await team();
    const stats = b.running.hub.stats;
    const write = async (step: () => Promise<unknown>, accept: (p: Page) => boolean) => {
      const pushes = (["viewer", "editor", "owner"] as const).map((name) =>
        nextValue(t.socketOf[name], "team", api.documents.list, accept, 15_000),
      );
      const before = stats.batchInputs;
      await step();
      const pages = await Promise.all(pushes);
      for (const [user, pushed] of [
        [t.viewer, pages[0]],
        [t.editor, pages[1]],
        [t.owner, pages[2]],
      ] as const) {
        expect(await callFn(a, api.documents.list, t.args, user.token)).toEqual(pushed);
      }
      return { pages, partsRead: stats.batchInputs - before };
    };
    // A rename and a tag change nothing a rank or a star is made of: no member's part is read.
    const renamed = await write(
      () =>
        callFn(
          a,
          api.documents.rename,
          { documentId: t.plain, name: "Plain 2.pdf" },
          t.owner.token,
        ),
      (p) => p.page.some((d) => d.name === "Plain 2.pdf"),
    );
    expect(renamed.partsRead).toBe(0);
    const tagged = await write(
      () =>
        callFn(
          a,
          api.documents.setTags,
          { documentId: t.plain, tags: ["kept"], primaryTagName: "kept" },
          t.owner.token,
        ),
      (p) => p.page.some((d) => d.tags.includes("kept")),
    );
    expect(tagged.partsRead).toBe(0);
    // A share of the document to the viewer as editor: their rank on it changes, read again.
    const before = stats.batchInputs;
    const viewerPage = nextValue(
      t.socketOf.viewer,
      "team",
      api.documents.list,
      (p) => p.page.some((d) => d.name === "Plain 2.pdf" && d.myRole === "editor"),
      15_000,
    );
    await callFn(
      a,
      api.shares.set,
      {
        entityType: "document",
        entityId: t.plain,
        grantee: { userId: t.viewer.userId },
        role: "editor",
      },
      t.owner.token,
    );
    const page = await viewerPage;
    expect(roles(page)).toEqual({ "Starred.pdf": "viewer*", "Plain 2.pdf": "editor" });
    expect(await callFn(a, api.documents.list, t.args, t.viewer.token)).toEqual(page);
    expect(stats.batchInputs - before).toBeGreaterThan(0);
  });

  it("sends a star only to its member", async () => {
    const { a } = live.setup;
    const t = await team();
    await new Promise((r) => setTimeout(r, 200));
    const seen = {
      owner: t.socketOf.owner.messages.length,
      viewer: t.socketOf.viewer.messages.length,
    };
    const editorStar = nextValue(
      t.socketOf.editor,
      "team",
      api.documents.list,
      (p) => p.page.some((d) => d.isFavorite),
      15_000,
    );
    await callFn(
      a,
      api.documents.setFavorite,
      { documentId: t.plain, favorite: true },
      t.editor.token,
    );
    expect(roles(await editorStar)).toEqual({ "Starred.pdf": "editor", "Plain.pdf": "editor*" });
    await new Promise((r) => setTimeout(r, 300));
    for (const name of ["owner", "viewer"] as const) {
      const after = t.socketOf[name].messages
        .slice(seen[name])
        .filter((m) => m.type === "query_result");
      expect(after).toEqual([]);
    }
  });

  it("stops the rows of a member whose share is removed, the others going on", async () => {
    const { a } = live.setup;
    const t = await team();
    const editorError = t.socketOf.editor.next(
      (m) => m.type === "query_error" && m.id === "team",
      15_000,
    );
    await callFn(
      a,
      api.shares.remove,
      { entityType: "folder", entityId: t.folder._id, grantee: { userId: t.editor.userId } },
      t.owner.token,
    );
    expect(await editorError).toMatchObject({ type: "query_error" });
    const seen = t.socketOf.editor.messages.length;
    const pushes = (["viewer", "owner"] as const).map((name) =>
      nextValue(
        t.socketOf[name],
        "team",
        api.documents.list,
        (p) => p.page.some((d) => d.name === "Secret plan.pdf"),
        15_000,
      ),
    );
    await callFn(
      a,
      api.documents.rename,
      { documentId: t.plain, name: "Secret plan.pdf" },
      t.owner.token,
    );
    const [toViewer, toOwner] = await Promise.all(pushes);
    expect(roles(toViewer!)).toEqual({ "Starred.pdf": "viewer*", "Secret plan.pdf": "viewer" });
    expect(roles(toOwner!)).toEqual({ "Starred.pdf": "owner", "Secret plan.pdf": "owner" });
    await new Promise((r) => setTimeout(r, 300));
    const after = JSON.stringify(t.socketOf.editor.messages.slice(seen));
    expect(after).not.toContain("Secret plan");
    expect(after).not.toContain(t.plain);
  });

  it("loses no change that lands while a batch is being read", async () => {
    const { a } = live.setup;
    const t = await team();
    const finals = (["viewer", "editor", "owner"] as const).map((name) =>
      nextValue(
        t.socketOf[name],
        "team",
        api.documents.list,
        (p) => p.page.some((d) => d.name === "Draft 6.pdf"),
        15_000,
      ),
    );
    // Writes one after the other, without waiting for their pushes: later ones land while
    // the batches of earlier ones are read.
    for (let i = 1; i <= 6; i++) {
      await callFn(
        a,
        api.documents.rename,
        { documentId: t.plain, name: `Draft ${i}.pdf` },
        t.owner.token,
      );
      if (i === 3)
        await callFn(
          a,
          api.documents.setFavorite,
          { documentId: t.plain, favorite: true },
          t.viewer.token,
        );
    }
    const [toViewer, toEditor, toOwner] = await Promise.all(finals);
    expect(roles(toViewer!)).toEqual({ "Starred.pdf": "viewer*", "Draft 6.pdf": "viewer*" });
    expect(roles(toEditor!)).toEqual({ "Starred.pdf": "editor", "Draft 6.pdf": "editor" });
    expect(roles(toOwner!)).toEqual({ "Starred.pdf": "owner", "Draft 6.pdf": "owner" });
  });

  it("answers the same for one member alone and for members read together", async () => {
    const { a } = live.setup;
    const t = await team();
    const stranger = await createTestUser(a);
    const db = a.running.services.database.db;
    const organizationId = t.owner.organizationId!;
    const ids = [t.starred, t.plain, newId()];
    const inputs = [t.viewer, t.editor, t.owner, stranger].map((user) => ({
      userId: user.userId,
      ids,
    }));
    // An empty page too: the folder check alone.
    inputs.push({ userId: t.viewer.userId, ids: [] });
    const alone = await Promise.all(
      inputs.map(
        async (input) => (await memberParts(db, organizationId, t.folder._id, [input]))[0],
      ),
    );
    const together = await memberParts(db, organizationId, t.folder._id, inputs);
    expect(together).toEqual(alone);
    expect(together.map((part) => part.readable)).toEqual([true, true, true, false, true]);
    expect(together[0]!.rows.get(t.starred)).toEqual({ rank: 1, isFavorite: true });
    expect(together[1]!.rows.get(t.plain)).toEqual({ rank: 2, isFavorite: false });
    expect(together[2]!.rows.get(t.plain)).toEqual({ rank: 4, isFavorite: false });
    // A stranger (another organization) may read nothing.
    expect([...together[3]!.rows.values()].every((row) => row.rank === 0)).toBe(true);
  });

  it("uses the listed folder's rank only for the rows still in it, as each member alone does", async () => {
    const { a } = live.setup;
    const t = await team();
    const db = a.running.services.database.db;
    const organizationId = t.owner.organizationId!;
    // Rows a page may name that are NOT in the listed folder (moved since the shared page was
    // read): one in a subfolder (the grant above reaches it), one in the owner's private folder,
    // one at the owner's top level, one the editor owns in the subfolder.
    const sub = await createFolder(a, t.owner, "Sub", t.folder._id);
    const privateFolder = await createFolder(a, t.owner, "Private");
    const inSub = (await insertDocument(a, t.owner, { folderId: sub._id })).id;
    const inPrivate = (await insertDocument(a, t.owner, { folderId: privateFolder._id })).id;
    const topLevel = (await insertDocument(a, t.owner, { folderId: null })).id;
    const editorOwn = (await insertDocument(a, t.editor, { folderId: sub._id })).id;
    const ids = [t.starred, t.plain, inSub, inPrivate, topLevel, editorOwn];
    const inputs = [t.viewer, t.editor, t.owner].map((user) => ({ userId: user.userId, ids }));
    const alone = await Promise.all(
      inputs.map(
        async (input) => (await memberParts(db, organizationId, t.folder._id, [input]))[0],
      ),
    );
    const together = await memberParts(db, organizationId, t.folder._id, inputs);
    expect(together).toEqual(alone);
    const rank = (part: number, id: string) => together[part]!.rows.get(id)?.rank;
    // Viewer: read in the folder and beneath it, nothing in the owner's private places.
    expect([t.plain, inSub, inPrivate, topLevel, editorOwn].map((id) => rank(0, id))).toEqual([
      1, 1, 0, 0, 1,
    ]);
    // Editor: edit beneath, their own document is theirs.
    expect([t.plain, inSub, inPrivate, topLevel, editorOwn].map((id) => rank(1, id))).toEqual([
      2, 2, 0, 0, 4,
    ]);
    // Owner: their own rows, and "manage" on the editor's row inside their folder.
    expect([t.plain, inSub, inPrivate, topLevel, editorOwn].map((id) => rank(2, id))).toEqual([
      4, 4, 4, 4, 3,
    ]);
  });
});
