import { describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { callFn } from "../support/call-fn.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import { createTeam, folderListArgs, liveSetups, useLiveSetup } from "../support/live-team.ts";
import type { TestSocket } from "../support/sync-socket.ts";
import { nextValue } from "../support/sync-fn.ts";

/**
 * Live patches (decision 035): a subscription made with `patches: true` gets each new value as
 * a patch against the last one it was sent, when that is smaller; applied, it is exactly the
 * value a subscription without patches gets, and what HTTP answers. On one instance of each
 * database and across two PostgreSQL instances (writes on one, the sockets on the other).
 */

type Page = ResultOf<typeof api.documents.list>;

describe.each(liveSetups)("live patches (%s)", (_, make) => {
  const live = useLiveSetup(make);

  /** The raw size of the last message of `id` on `socket` (a patch or a whole value). */
  const lastPatchSize = (socket: TestSocket, id: string) => {
    const patch = socket.patches.filter((p) => p.id === id).at(-1);
    return patch ? JSON.stringify(patch).length : undefined;
  };

  it("sends a rename as a small patch that gives exactly the whole value", async () => {
    const { a, b } = live.setup;
    const { owner, viewer, folder, starred, plain } = await createTeam(a);
    // 17 rows: the whole folder on the page of 20.
    for (let i = 0; i < 15; i++)
      await insertDocument(a, owner, { folderId: folder._id, name: `Filler ${i}.pdf` });
    const args = folderListArgs(folder._id);
    const patched = await live.signedInSocket(b, viewer);
    const whole = await live.signedInSocket(b, viewer);
    await patched.subscribe("team", api.documents.list.path, args, { patches: true });
    await whole.subscribe("team", api.documents.list.path, args);

    const renamed = (name: string) => (p: Page) => p.page.some((d) => d.name === name);
    let expected: Page | undefined;
    for (const [documentId, name] of [
      [starred, "Starred 2.pdf"],
      [plain, "Plain 2.pdf"],
      [starred, "Starred 3.pdf"],
    ] as const) {
      const viaPatch = nextValue(patched, "team", api.documents.list, renamed(name), 15_000);
      const viaValue = nextValue(whole, "team", api.documents.list, renamed(name), 15_000);
      await callFn(a, api.documents.rename, { documentId, name }, owner.token);
      const [fromPatch, fromValue] = await Promise.all([viaPatch, viaValue]);
      expect(fromPatch).toEqual(fromValue);
      expected = fromValue;
    }
    expect(await callFn(a, api.documents.list, args, viewer.token)).toEqual(expected);
    // Three renames, three patches, each a small part of the 20-row page it stands for.
    expect(patched.patches.filter((p) => p.id === "team")).toHaveLength(3);
    expect(whole.patches).toHaveLength(0);
    const pageSize = JSON.stringify(expected).length;
    expect(lastPatchSize(patched, "team")).toBeLessThan(pageSize / 10);
  });

  it("keeps a patched subscription equal to HTTP through rows coming, going and changing", async () => {
    const { a, b } = live.setup;
    const { owner, editor, folder, starred, plain } = await createTeam(a);
    const args = folderListArgs(folder._id);
    const socket = await live.signedInSocket(b, editor);
    await socket.subscribe("team", api.documents.list.path, args, { patches: true });

    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        "a new document on top",
        () => insertDocument(a, owner, { folderId: folder._id, name: "Newest.pdf" }),
      ],
      [
        "tags",
        () =>
          callFn(
            a,
            api.documents.setTags,
            { documentId: plain, tags: ["x", "y"], primaryTagName: "x" },
            owner.token,
          ),
      ],
      [
        "a star of the member's own",
        () =>
          callFn(a, api.documents.setFavorite, { documentId: plain, favorite: true }, editor.token),
      ],
      ["a removal", () => callFn(a, api.documents.remove, { documentId: starred }, owner.token)],
    ];
    /** The subscription's latest value on the socket (patches applied). */
    const latest = () =>
      (
        socket.messages.filter((m) => m.type === "query_result" && m.id === "team").at(-1) as
          | { value: unknown }
          | undefined
      )?.value;
    for (const [what, step] of steps) {
      await step();
      const expected = await callFn(a, api.documents.list, args, editor.token);
      const deadline = Date.now() + 15_000;
      while (JSON.stringify(latest()) !== JSON.stringify(expected) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(latest(), what).toEqual(expected);
    }
    expect(socket.patches.length).toBeGreaterThan(0);
  });

  it("sends the whole value again to a subscription made anew under the same id", async () => {
    const { a, b } = live.setup;
    const { owner, viewer, folder, plain } = await createTeam(a);
    const args = folderListArgs(folder._id);
    const socket = await live.signedInSocket(b, viewer);
    await socket.subscribe("team", api.documents.list.path, args, { patches: true });
    const rename = (name: string) =>
      callFn(a, api.documents.rename, { documentId: plain, name }, owner.token);
    const first = nextValue(socket, "team", api.documents.list, (p) =>
      p.page.some((d) => d.name === "One.pdf"),
    );
    await rename("One.pdf");
    await first;
    const patchesBefore = socket.patches.length;
    // The same id again: the server starts over with a whole value, never a patch.
    const again = await socket.subscribe("team", api.documents.list.path, args, {
      patches: true,
    });
    expect(again.type).toBe("query_result");
    expect(socket.patches.length).toBe(patchesBefore);
    const second = nextValue(socket, "team", api.documents.list, (p) =>
      p.page.some((d) => d.name === "Two.pdf"),
    );
    await rename("Two.pdf");
    expect((await second).page.map((d) => d.name).sort()).toEqual(["Starred.pdf", "Two.pdf"]);
  });
});
