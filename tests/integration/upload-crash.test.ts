import type { ChildProcess } from "node:child_process";
import { readdir } from "node:fs/promises";
import { type ClientRequest, request } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import type { UploadResponse } from "#shared/schemas/upload.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { documents } from "../../src/server/db/schema.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import { callerAt, callFn } from "../support/call-fn.ts";
import { type ChildServer, logLines, spawnServer, waitForHealth } from "../support/child-server.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";
import { findFreePort } from "../support/postgres.ts";
import { DB_KINDS, type DbKind, unique } from "../support/server.ts";

/**
 * kill -9 of the real server process in the middle of an upload, then a
 * restart on the same data: what the dead upload left in blob storage (a
 * complete file whose row was never inserted, a `.part` file) is swept, and
 * every document still has its file.
 */

const PASSWORD = "correct horse battery";
const BOUNDARY = "AtriumCrashBoundary";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Files under the blob directory, by kind: complete blobs (by key) and temp files. */
async function blobFiles(blobDir: string): Promise<{ blobs: string[]; parts: string[] }> {
  const blobs: string[] = [];
  const parts: string[] = [];
  let entries: string[];
  try {
    entries = await readdir(blobDir, { recursive: true });
  } catch {
    return { blobs, parts };
  }
  for (const entry of entries) {
    const name = entry.split("/").pop() ?? "";
    if (name.endsWith(".part")) parts.push(entry);
    else if (entry.includes("/")) blobs.push(entry);
  }
  return { blobs: blobs.sort(), parts };
}

async function seedUser(env: Record<string, string>): Promise<string> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const organization = await createOrganization({ db: database.db, name: unique("Org") });
    const email = `${unique("upload-crash")}@example.test`;
    await createUser({
      db: database.db,
      email,
      password: PASSWORD,
      firstName: "Upload",
      lastName: "Crash",
      organizationId: organization.id,
      role: "Member",
      isSuperadmin: false,
    });
    return email;
  } finally {
    await database.close();
  }
}

async function storageIds(env: Record<string, string>): Promise<string[]> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const rows = await database.db.select({ storageId: documents.storageId }).from(documents);
    return rows.map((row) => row.storageId).sort();
  } finally {
    await database.close();
  }
}

const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;

/**
 * An upload the client never finishes: one small file sent whole, then the
 * first `sent` bytes of a large one; the request stays open.
 */
function startUnfinishedUpload(url: string, token: string, sent: number): ClientRequest {
  const req = request(`${url}/api/documents/upload`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
  // The server dies under it: the socket error is expected.
  req.on("error", () => undefined);
  req.write(`${filePart("finished.txt")}The whole of a small note.\r\n`);
  req.write(filePart("large.txt"));
  const line = "The harbour board met again and discussed the ferry timetable.\n";
  req.write(line.repeat(Math.ceil(sent / line.length)));
  return req;
}

describe.each(DB_KINDS)("kill -9 during an upload, then a restart, on %s", (kind: DbKind) => {
  const children: ChildProcess[] = [];
  const requests: ClientRequest[] = [];
  afterEach(() => {
    for (const req of requests.splice(0)) req.destroy();
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });

  const start = async (env: Record<string, string>, url: string): Promise<ChildServer> => {
    const server = spawnServer(env);
    children.push(server.child);
    await waitForHealth(url, server);
    return server;
  };

  it("sweeps the dead upload's files and keeps every document's", {
    timeout: 120_000,
  }, async () => {
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = kind === "pglite" ? freshMigratedDataDir() : freshDataDir();
    const blobDir = join(dataDir, "blobs");
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(kind === "postgres" ? { DATABASE_URL: await freshPostgresUrl() } : {}),
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    };
    const email = await seedUser(env);

    // First run: one upload completes, the next is cut off by kill -9 mid-file.
    const first = await start(env, url);
    const tokens = tokensIn(
      await callFn(callerAt(url), api.auth.signIn, {
        provider: "password",
        params: { email, password: PASSWORD },
      }),
    );
    const form = new FormData();
    form.append("file", new Blob(["Minutes of the board meeting."]), "minutes.txt");
    const uploaded = await fetch(`${url}/api/documents/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const [kept] = ((await uploaded.json()) as UploadResponse).documents;

    requests.push(startUnfinishedUpload(url, tokens.token, 512 * 1024));
    // Mid-upload: the small file stored whole (its row comes when the request ends), the large one
    // being written to a temp file.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const files = await blobFiles(blobDir);
      if (files.blobs.length === 2 && files.parts.length === 1) break;
      if (Date.now() > deadline) {
        throw new Error(
          `never saw the upload mid-way: ${JSON.stringify(files)}\n${first.output()}`,
        );
      }
      await sleep(20);
    }
    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });

    // What the crash left: two complete files for one document, and a temp file.
    const left = await blobFiles(blobDir);
    const rows = await storageIds(env);
    expect(rows).toHaveLength(1);
    expect(left.blobs).toHaveLength(2);
    expect(left.blobs).toEqual(expect.arrayContaining(rows));
    expect(left.parts).toHaveLength(1);

    // Second run on the same data, sweeping anything older than a second.
    await sleep(1_100);
    const second = await start({ ...env, ORPHAN_MIN_AGE_SECONDS: "1" }, url);
    const until = Date.now() + 30_000;
    const swept = () => logLines(second).find((line) => line.msg === "removed orphaned blobs");
    while (!swept()) {
      if (Date.now() > until) throw new Error(`nothing swept:\n${second.output()}`);
      await sleep(100);
    }
    expect(swept()).toMatchObject({ unfinished: 1, orphans: 1 });
    const after = await blobFiles(blobDir);
    expect(after.parts).toEqual([]);
    // Every document has its file, and it still downloads.
    expect(after.blobs).toEqual(rows);
    const download = await fetch(`${url}/api/documents/${kept?._id}/download`, {
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("Minutes of the board meeting.");

    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
    expect(await storageIds(env)).toEqual(rows);
  });
});
