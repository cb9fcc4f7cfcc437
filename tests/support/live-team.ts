import { afterAll, beforeAll, expect } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn } from "./call-fn.ts";
import { insertDocument } from "./dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "./server.ts";
import { TestSocket } from "./sync-socket.ts";

/**
 * What the live folder-list tests share (live-shared-list, live-batched-list, live-narrow-deps;
 * decision 034): where they run, their sockets, and the team they watch.
 */

/** `a` takes the writes; `b` may be another instance on the same PostgreSQL database. */
export interface LiveSetup {
  a: TestServer;
  b: TestServer;
}

/** One instance of each database, then two PostgreSQL instances sharing one database. */
export const liveSetups = [
  ...DB_KINDS.map(
    (kind) =>
      [
        `${kind}, one instance`,
        async (): Promise<LiveSetup> => {
          const server = await startTestServer(kind, { RUN_WORKER: "false" });
          return { a: server, b: server };
        },
      ] as const,
  ),
  [
    "postgres, two instances",
    async (): Promise<LiveSetup> => {
      const a = await startTestServer("postgres", { RUN_WORKER: "false" });
      const b = await startTestServer(
        "postgres",
        { RUN_WORKER: "false" },
        { databaseUrl: a.databaseUrl },
      );
      return { a, b };
    },
  ] as const,
];

export async function closeLiveSetup(setup: LiveSetup): Promise<void> {
  await setup.a.close();
  if (setup.b !== setup.a) await setup.b.close();
}

/**
 * A describe block's live setup, started before its tests and closed after them with every socket
 * it opened; `signedInSocket` opens one on an instance and authenticates it.
 */
export function useLiveSetup(make: () => Promise<LiveSetup>) {
  let setup: LiveSetup | undefined;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    setup = await make();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    if (setup) await closeLiveSetup(setup);
  });
  return {
    get setup(): LiveSetup {
      if (!setup) throw new Error("The live setup has not started");
      return setup;
    },
    async signedInSocket(server: TestServer, user: TestUser): Promise<TestSocket> {
      const socket = await TestSocket.open(server.url);
      sockets.push(socket);
      expect((await socket.authenticate(user.token)).type).toBe("authenticated");
      return socket;
    },
  };
}

/** documents.list's arguments for a folder's first page. */
export const folderListArgs = (folderId: string) => ({
  paginationOpts: { numItems: 20, cursor: null },
  filter: { folderId },
});

/** An owner's folder with two documents, a viewer (who starred "Starred.pdf") and an editor. */
export async function createTeam(a: TestServer) {
  const owner = await createTestUser(a);
  const viewer = await createTestUser(a, { organizationId: owner.organizationId });
  const editor = await createTestUser(a, { organizationId: owner.organizationId });
  const folder = await callFn(a, api.folders.create, { name: "Team" }, owner.token);
  for (const [member, role] of [
    [viewer, "viewer"],
    [editor, "editor"],
  ] as const) {
    await callFn(
      a,
      api.shares.set,
      { entityType: "folder", entityId: folder._id, grantee: { userId: member.userId }, role },
      owner.token,
    );
  }
  const starred = (await insertDocument(a, owner, { folderId: folder._id, name: "Starred.pdf" }))
    .id;
  const plain = (await insertDocument(a, owner, { folderId: folder._id, name: "Plain.pdf" })).id;
  await callFn(a, api.documents.setFavorite, { documentId: starred, favorite: true }, viewer.token);
  return { owner, viewer, editor, folder, starred, plain };
}
