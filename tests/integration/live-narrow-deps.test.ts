import { describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { callFn } from "../support/call-fn.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import { createTeam, folderListArgs, liveSetups, useLiveSetup } from "../support/live-team.ts";
import { createTestUser } from "../support/server.ts";
import { nextValue, socketCallFn, subscribeFn } from "../support/sync-fn.ts";

/**
 * A folder's live page depends on what can alter it (decision 034, "Re-runs a change cannot
 * alter"): that folder's documents (a document's change carries its old and new folder), the
 * folder and its ancestors, the shown rows' owners, the organization's shares and the caller's
 * stars. A change elsewhere — a document of another folder renamed, tagged or moved between two
 * other folders, a subfolder created or renamed — re-runs nothing; every change that can alter
 * the page still reaches it: a move in or out, a removal, a share granted or taken back (to a
 * member or the whole organization), a rename of the folder itself or an ancestor, and a change
 * that names no row. The hub's run listener counts re-runs on the watching instance; mutations
 * go through a socket on that instance, whose answer comes once the hub has applied the change.
 * On one instance of each database, and across two PostgreSQL instances.
 */

type Page = ResultOf<typeof api.documents.list>;

describe.each(liveSetups)("narrow live dependencies (%s)", (_, make) => {
  const live = useLiveSetup(make);
  const signedInSocket = live.signedInSocket;
  const listArgs = folderListArgs;
  const names = (page: Page) => page.page.map((d) => d.name).sort();

  /**
   * The team (createTeam) with the viewer watching Team and a subfolder Sub of it on instance b,
   * the owner watching a private folder Other, and a socket of the owner's on b to write with.
   */
  async function watched() {
    const { a, b } = live.setup;
    const team = await createTeam(a);
    const { owner, viewer, folder } = team;
    const sub = await callFn(
      a,
      api.folders.create,
      { name: "Sub", parentId: folder._id },
      owner.token,
    );
    const other = await callFn(a, api.folders.create, { name: "Other" }, owner.token);
    const otherDoc = (await insertDocument(a, owner, { folderId: other._id, name: "Other.pdf" }))
      .id;
    const thirdFolder = await callFn(a, api.folders.create, { name: "Third" }, owner.token);
    const viewerSocket = await signedInSocket(b, viewer);
    const ownerSocket = await signedInSocket(b, owner);
    const writer = await signedInSocket(b, owner);
    await subscribeFn(viewerSocket, "team", api.documents.list, listArgs(folder._id));
    await subscribeFn(viewerSocket, "sub", api.documents.list, listArgs(sub._id));
    await subscribeFn(ownerSocket, "other", api.documents.list, listArgs(other._id));
    // Every first run over before counting.
    await new Promise((r) => setTimeout(r, 300));
    const runs: string[] = [];
    const stop = b.running.hub.onRun((path, userId) => {
      if (path === "documents.list") runs.push(userId ?? "anonymous");
    });
    const viewerRuns = () => runs.filter((u) => u === viewer.userId).length;
    const ownerRuns = () => runs.filter((u) => u === owner.userId).length;
    const write = async (...args: Parameters<typeof socketCallFn>) => {
      const result = await socketCallFn(...args);
      expect(result.status, JSON.stringify(result)).toBe("success");
    };
    return {
      ...team,
      sub,
      other,
      otherDoc,
      thirdFolder,
      viewerSocket,
      ownerSocket,
      writer,
      viewerRuns,
      ownerRuns,
      stop,
      write,
    };
  }

  it("re-runs nothing for a change in another folder, and the other folder's page updates", async () => {
    const t = await watched();
    const stats = live.setup.b.running.hub.stats;
    const unchangedBefore = stats.unchangedRuns;
    const renamed = nextValue(
      t.ownerSocket,
      "other",
      api.documents.list,
      (p) => names(p).includes("Other 2.pdf"),
      15_000,
    );
    await t.write(t.writer, api.documents.rename, { documentId: t.otherDoc, name: "Other 2.pdf" });
    await renamed;
    await t.write(t.writer, api.documents.setTags, {
      documentId: t.otherDoc,
      tags: ["elsewhere"],
      primaryTagName: "elsewhere",
    });
    // A move between two folders the viewer does not watch, and back.
    await t.write(t.writer, api.documents.move, {
      documentId: t.otherDoc,
      folderId: t.thirdFolder._id,
    });
    await t.write(t.writer, api.documents.move, { documentId: t.otherDoc, folderId: t.other._id });
    // A subfolder created in Team and renamed: no document page of Team or Sub changes.
    const created = await socketCallFn(t.writer, api.folders.create, {
      name: "Later",
      parentId: t.folder._id,
    });
    expect(created.status).toBe("success");
    const later = (created as { value: { _id: string } }).value._id;
    await t.write(t.writer, api.folders.rename, { folderId: later, name: "Later 2" });
    // The owner's star on a folder is theirs: the viewer's pages are not touched.
    await t.write(t.writer, api.folders.setFavorite, { folderId: t.folder._id, favorite: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.viewerRuns()).toBe(0);
    expect(t.ownerRuns()).toBeGreaterThan(0);
    // The owner's Other page re-ran for its own changes: none of those was a wasted run of the viewer's.
    expect(stats.unchangedRuns - unchangedBefore).toBeLessThanOrEqual(t.ownerRuns());
    t.stop();
  });

  it("still updates a page for a move in and out, a removal and a rename of the folder itself", async () => {
    const t = await watched();
    const movedIn = nextValue(
      t.viewerSocket,
      "team",
      api.documents.list,
      (p) => names(p).includes("Other.pdf"),
      15_000,
    );
    const movedOut = nextValue(
      t.ownerSocket,
      "other",
      api.documents.list,
      (p) => p.page.length === 0,
      15_000,
    );
    await t.write(t.writer, api.documents.move, { documentId: t.otherDoc, folderId: t.folder._id });
    expect(names(await movedIn)).toEqual(["Other.pdf", "Plain.pdf", "Starred.pdf"]);
    await movedOut;

    const removed = nextValue(
      t.viewerSocket,
      "team",
      api.documents.list,
      (p) => !names(p).includes("Plain.pdf"),
      15_000,
    );
    await t.write(t.writer, api.documents.remove, { documentId: t.plain });
    expect(names(await removed)).toEqual(["Other.pdf", "Starred.pdf"]);

    // Renaming Team changes its path and Sub's: both pages run again (their access is by path).
    const before = t.viewerRuns();
    await t.write(t.writer, api.folders.rename, { folderId: t.folder._id, name: "Team renamed" });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.viewerRuns() - before).toBeGreaterThanOrEqual(2);
    // Moving Sub out of Team, into the owner's private folder: the viewer loses it.
    const subGone = t.viewerSocket.next((m) => m.type === "query_error" && m.id === "sub", 15_000);
    await t.write(t.writer, api.folders.move, { folderId: t.sub._id, parentId: t.other._id });
    await subGone;
    t.stop();
  });

  it("still updates a page for shares granted and taken back, to a member or the organization", async () => {
    const t = await watched();
    const { b } = live.setup;
    const stranger = await createTestUser(live.setup.a, { organizationId: t.owner.organizationId });
    const strangerSocket = await signedInSocket(b, stranger);
    const first = await subscribeFn(
      strangerSocket,
      "team",
      api.documents.list,
      listArgs(t.folder._id),
    );
    expect(first.type).toBe("query_error");

    const granted = nextValue(
      strangerSocket,
      "team",
      api.documents.list,
      (p) => p.page.length === 2,
      15_000,
    );
    await t.write(t.writer, api.shares.set, {
      entityType: "folder",
      entityId: t.folder._id,
      grantee: { organization: true },
      role: "viewer",
    });
    expect(names(await granted)).toEqual(["Plain.pdf", "Starred.pdf"]);

    const revoked = strangerSocket.next((m) => m.type === "query_error" && m.id === "team", 15_000);
    await t.write(t.writer, api.shares.remove, {
      entityType: "folder",
      entityId: t.folder._id,
      grantee: { organization: true },
    });
    await revoked;

    const direct = nextValue(
      strangerSocket,
      "team",
      api.documents.list,
      (p) => p.page.length === 2,
      15_000,
    );
    await t.write(t.writer, api.shares.set, {
      entityType: "folder",
      entityId: t.folder._id,
      grantee: { userId: stranger.userId },
      role: "editor",
    });
    expect((await direct).page.map((d) => d.myRole)).toEqual(["editor", "editor"]);
    t.stop();
  });

  it("keeps updating pages whose shared parts were kept longer than the hub's window of recent changes", async () => {
    // Decision 034, "The narrowing, found and back": narrowed, a folder's shared page and its
    // ancestors are kept while the organization's other writes go by. Once more changes had
    // gone by than the hub remembers (20,000), a run that used them was taken for one a change
    // had overtaken, ran again forever, and the hub applied no change on that instance again
    // (the soak's pushes stopped after about 120 s, on every page).
    const t = await watched();
    const hub = live.setup.b.running.hub;
    const changesBefore = hub.stats.changes;
    for (let i = 0; i < 20_001; i++)
      hub.notify(JSON.stringify({ t: "elsewhere", o: t.owner.organizationId, i: String(i) }));
    const deadline = Date.now() + 15_000;
    while (hub.stats.changes < changesBefore + 20_001 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    // The viewer's own star re-runs their pages (and only theirs), which use the kept parts.
    const before = t.viewerRuns();
    await t.write(t.viewerSocket, api.documents.setFavorite, {
      documentId: t.plain,
      favorite: true,
    });
    await new Promise((r) => setTimeout(r, 500));
    // Team and Sub once each (a star re-runs both pages of its member), not again and again.
    expect(t.viewerRuns() - before).toBeLessThanOrEqual(2);
    // Every page still takes the changes that come next: the viewer's and the owner's.
    const renamed = nextValue(
      t.viewerSocket,
      "team",
      api.documents.list,
      (p) => names(p).includes("Plain 2.pdf"),
      15_000,
    );
    const otherRenamed = nextValue(
      t.ownerSocket,
      "other",
      api.documents.list,
      (p) => names(p).includes("Other 2.pdf"),
      15_000,
    );
    await t.write(t.writer, api.documents.rename, { documentId: t.plain, name: "Plain 2.pdf" });
    await t.write(t.writer, api.documents.rename, { documentId: t.otherDoc, name: "Other 2.pdf" });
    expect((await renamed).page.find((d) => d.name === "Plain 2.pdf")?.isFavorite).toBe(true);
    await otherRenamed;
    t.stop();
  });

  it("re-runs every page a change that names no row could touch", async () => {
    const t = await watched();
    const before = { viewer: t.viewerRuns(), owner: t.ownerRuns() };
    live.setup.b.running.hub.notify(
      JSON.stringify({ t: "documents", o: t.owner.organizationId, i: null }),
    );
    await new Promise((r) => setTimeout(r, 500));
    // Team and Sub for the viewer, Other for the owner.
    expect(t.viewerRuns() - before.viewer).toBe(2);
    expect(t.ownerRuns() - before.owner).toBe(1);
    t.stop();
  });
});
