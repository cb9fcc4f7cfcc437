import { describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { callFn } from "../support/call-fn.ts";
import { createTeam, folderListArgs, liveSetups, useLiveSetup } from "../support/live-team.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";

/**
 * A folder's documents.list inside a live query is one page shared by every member's group
 * on the instance, with each member's own rank and star read apart (decision 034): a change
 * reaches every member with their own role and star, exactly what a plain HTTP call answers,
 * and a member who loses access stops getting rows. On one instance of each database, and
 * across two PostgreSQL instances (writes on one, a member's socket on each).
 */

type Page = ResultOf<typeof api.documents.list>;

describe.each(liveSetups)("shared live list (%s)", (_, make) => {
  const live = useLiveSetup(make);
  const signedInSocket = live.signedInSocket;
  const listArgs = folderListArgs;

  const team = () => createTeam(live.setup.a);

  const roles = (page: Page) =>
    Object.fromEntries(page.page.map((d) => [d.name, `${d.myRole}${d.isFavorite ? "*" : ""}`]));

  it("pushes a change to every member with their own role and star, as HTTP answers", async () => {
    const { a, b } = live.setup;
    const { owner, viewer, editor, folder, starred } = await team();
    const viewerSocket = await signedInSocket(b, viewer);
    const editorSocket = await signedInSocket(a, editor);
    const ownerSocket = await signedInSocket(b, owner);
    const args = listArgs(folder._id);
    for (const socket of [viewerSocket, editorSocket, ownerSocket])
      await subscribeFn(socket, "team", api.documents.list, args);

    const renamed = (p: Page) => p.page.some((d) => d.name === "Starred 2.pdf");
    const pushes = [viewerSocket, editorSocket, ownerSocket].map((socket) =>
      nextValue(socket, "team", api.documents.list, renamed, 15_000),
    );
    await callFn(
      a,
      api.documents.rename,
      { documentId: starred, name: "Starred 2.pdf" },
      owner.token,
    );
    const [toViewer, toEditor, toOwner] = await Promise.all(pushes);
    expect(roles(toViewer!)).toEqual({ "Starred 2.pdf": "viewer*", "Plain.pdf": "viewer" });
    expect(roles(toEditor!)).toEqual({ "Starred 2.pdf": "editor", "Plain.pdf": "editor" });
    expect(roles(toOwner!)).toEqual({ "Starred 2.pdf": "owner", "Plain.pdf": "owner" });
    // Exactly what each of them gets over HTTP.
    for (const [user, pushed] of [
      [viewer, toViewer],
      [editor, toEditor],
      [owner, toOwner],
    ] as const) {
      expect(await callFn(a, api.documents.list, args, user.token)).toEqual(pushed);
    }

    // A star is the member's own: only their push changes.
    const editorStar = nextValue(
      editorSocket,
      "team",
      api.documents.list,
      (p) => p.page.some((d) => d.isFavorite),
      15_000,
    );
    await callFn(
      a,
      api.documents.setFavorite,
      { documentId: starred, favorite: true },
      editor.token,
    );
    expect(roles(await editorStar)).toEqual({
      "Starred 2.pdf": "editor*",
      "Plain.pdf": "editor",
    });
  });

  it("stops sending rows to a member who loses access", async () => {
    const { a, b } = live.setup;
    const { owner, viewer, editor, folder, plain } = await team();
    const viewerSocket = await signedInSocket(b, viewer);
    const editorSocket = await signedInSocket(a, editor);
    const args = listArgs(folder._id);
    await subscribeFn(viewerSocket, "team", api.documents.list, args);
    await subscribeFn(editorSocket, "team", api.documents.list, args);

    const viewerError = viewerSocket.next(
      (m) => m.type === "query_error" && m.id === "team",
      15_000,
    );
    await callFn(
      a,
      api.shares.remove,
      { entityType: "folder", entityId: folder._id, grantee: { userId: viewer.userId } },
      owner.token,
    );
    expect(await viewerError).toMatchObject({ type: "query_error" });
    const seen = viewerSocket.messages.length;

    // The folder changes on: the editor sees it, the former viewer gets nothing of it.
    const editorPush = nextValue(
      editorSocket,
      "team",
      api.documents.list,
      (p) => p.page.some((d) => d.name === "Secret plan.pdf"),
      15_000,
    );
    await callFn(
      a,
      api.documents.rename,
      { documentId: plain, name: "Secret plan.pdf" },
      owner.token,
    );
    await editorPush;
    await new Promise((r) => setTimeout(r, 300));
    const after = JSON.stringify(viewerSocket.messages.slice(seen));
    expect(after).not.toContain("Secret plan");
    expect(after).not.toContain(plain);
  });
});
