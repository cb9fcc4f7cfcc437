import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.ts";
import type { Database } from "../../src/server/db/database.ts";
import { documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import type { BlobStorage } from "../../src/server/storage/blob-storage.ts";
import { LocalBlobStorage } from "../../src/server/storage/local.ts";
import { S3BlobStorage } from "../../src/server/storage/s3.ts";
import { sweepOrphanedBlobs } from "../../src/server/storage/sweep-orphaned-blobs.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { DB_KINDS, unique } from "../support/server.ts";

/**
 * The orphaned blob sweep (decision 014) on each database and storage: what
 * no row names and is older than the minimum age goes; what a row names, what
 * is young and what the server did not make stays.
 */

const HOUR = 3600_000;
const log = createLogger("silent");

/** A new database of this kind, with its URL when it is PostgreSQL. */
async function openFresh(
  kind: "pglite" | "postgres",
): Promise<{ database: Database; databaseUrl?: string }> {
  if (kind === "pglite")
    return { database: await openDatabase({ dataDir: freshMigratedDataDir() }) };
  const databaseUrl = await freshPostgresUrl();
  return { database: await openDatabase({ databaseUrl, dataDir: freshDataDir() }), databaseUrl };
}

/** A document row naming `storageId` (and a preview), as processing leaves it. */
async function insertDocument(
  database: Database,
  organizationId: string,
  storageId: string,
  previewStorageId: string | null,
): Promise<void> {
  await database.db.insert(documents).values({
    id: newId(),
    organizationId,
    storageId,
    previewStorageId,
    name: "report.txt",
    fileType: "txt",
    mimeType: "text/plain",
    size: 5,
    processingStatus: "completed",
  });
}

const keysOf = async (storage: BlobStorage) => {
  const keys: string[] = [];
  for await (const page of storage.list()) keys.push(...page.map((entry) => entry.key));
  return keys.sort();
};

describe.each(DB_KINDS)("sweeping orphaned blobs in local storage, on %s", (kind) => {
  let database: Database;
  let databaseUrl: string | undefined;
  let organizationId: string;
  let blobDir: string;
  let storage: LocalBlobStorage;

  beforeAll(async () => {
    ({ database, databaseUrl } = await openFresh(kind));
    organizationId = (await createOrganization({ db: database.db, name: unique("Org") })).id;
    blobDir = join(freshDataDir(), "blobs");
    storage = new LocalBlobStorage(blobDir);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A file under the blob directory, last written `ageMs` ago. */
  async function file(relative: string, ageMs: number): Promise<string> {
    const path = join(blobDir, relative);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, "bytes");
    const when = new Date(Date.now() - ageMs);
    await utimes(path, when, when);
    return relative;
  }

  it("removes old unreferenced blobs and temp files, keeps the rest", async () => {
    const documentKey = `${organizationId}/${newId()}`;
    const previewKey = `${documentKey}.preview`;
    await insertDocument(database, organizationId, documentKey, previewKey);
    await file(documentKey, 2 * HOUR);
    await file(previewKey, 2 * HOUR);
    const orphan = await file(`${organizationId}/${newId()}`, 2 * HOUR);
    const orphanPreview = await file(`${organizationId}/${newId()}.preview`, 2 * HOUR);
    const young = await file(`${organizationId}/${newId()}`, 5 * 60_000);
    const oldPart = await file(`${organizationId}/.${newId()}.part`, 2 * HOUR);
    const youngPart = await file(`${organizationId}/.${newId()}.part`, 60_000);
    const notOurs = await file("exports/2024/report.csv", 2 * HOUR);

    const result = await sweepOrphanedBlobs({ database, storage, log, minAgeMs: HOUR });

    expect(result).toEqual({ unfinished: 1, orphans: 2 });
    expect(await keysOf(storage)).toEqual([documentKey, previewKey, young, notOurs].sort());
    expect(await storage.stat(orphan)).toBeUndefined();
    expect(await storage.stat(orphanPreview)).toBeUndefined();
    // Temp files are not blobs: look at the directory itself.
    const left = await readdir(join(blobDir, organizationId));
    expect(left).toContain(youngPart.split("/")[1]);
    expect(left).not.toContain(oldPart.split("/")[1]);
    // A second pass finds nothing more.
    expect(await sweepOrphanedBlobs({ database, storage, log, minAgeMs: HOUR })).toEqual({
      unfinished: 0,
      orphans: 0,
    });
  });

  it("does nothing when there is no blob directory yet", async () => {
    const empty = new LocalBlobStorage(join(freshDataDir(), "blobs"));
    expect(await sweepOrphanedBlobs({ database, storage: empty, log, minAgeMs: HOUR })).toEqual({
      unfinished: 0,
      orphans: 0,
    });
  });

  // Only PostgreSQL has other instances to leave the sweep to (no skipped test on PGlite).
  if (kind === "postgres") {
    it("leaves the sweep to the instance that holds the lock", async () => {
      const orphan = await file(`${organizationId}/${newId()}`, 2 * HOUR);
      const other = new pg.Client({ connectionString: databaseUrl });
      await other.connect();
      try {
        await other.query(
          "select pg_advisory_lock(hashtextextended('atrium:sweep-orphaned-blobs', 0))",
        );
        expect(
          await sweepOrphanedBlobs({ database, storage, log, minAgeMs: HOUR }),
        ).toBeUndefined();
        expect(await storage.stat(orphan)).toEqual({ size: 5 });
      } finally {
        await other.end();
      }
      expect(await sweepOrphanedBlobs({ database, storage, log, minAgeMs: HOUR })).toEqual({
        unfinished: 0,
        orphans: 1,
      });
    });
  }
});

describe("sweeping orphaned objects and unfinished uploads in S3", () => {
  let s3: TestS3;
  let bucket: string;
  let client: S3Client;
  let database: Database;
  let storage: S3BlobStorage;
  let organizationId: string;

  beforeAll(async () => {
    s3 = await startTestS3({ multipartListing: true });
    ({ database } = await openFresh("pglite"));
    organizationId = (await createOrganization({ db: database.db, name: unique("Org") })).id;
    bucket = unique("sweep")
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "-")
      .slice(0, 60);
    storage = new S3BlobStorage(s3.settings(bucket));
    await storage.ensureBucket();
    const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = s3.settings(bucket);
    client = new S3Client({
      endpoint,
      region,
      forcePathStyle,
      credentials: { accessKeyId, secretAccessKey },
    });
  });
  afterAll(async () => {
    client?.destroy();
    storage?.destroy();
    await database?.close();
    await s3?.stop();
  });

  const twoHoursOn = () => new Date(Date.now() + 2 * HOUR);

  it("deletes unreferenced objects once old enough, never referenced ones", async () => {
    const documentKey = `${organizationId}/${newId()}`;
    const previewKey = `${documentKey}.preview`;
    const orphan = `${organizationId}/${newId()}`;
    const notOurs = "exports/report.csv";
    await insertDocument(database, organizationId, documentKey, previewKey);
    for (const key of [documentKey, previewKey, orphan, notOurs]) {
      await storage.put(key, Buffer.from("bytes"), { contentType: "text/plain" });
    }

    // Just written: too young to sweep.
    expect(await sweepOrphanedBlobs({ database, storage, log, minAgeMs: HOUR })).toEqual({
      unfinished: 0,
      orphans: 0,
    });
    expect(await keysOf(storage)).toEqual([documentKey, previewKey, orphan, notOurs].sort());

    const later = { database, storage, log, minAgeMs: HOUR, now: twoHoursOn() };
    expect(await sweepOrphanedBlobs(later)).toEqual({ unfinished: 0, orphans: 1 });
    expect(await keysOf(storage)).toEqual([documentKey, previewKey, notOurs].sort());
  });

  it("aborts multipart uploads a dead process left, once old enough", async () => {
    /** What a process killed mid-upload leaves: an upload started, one part sent, never completed. */
    const startUpload = async (key: string) => {
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }),
      );
      await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          PartNumber: 1,
          Body: Buffer.alloc(1024, 7),
        }),
      );
    };
    const pending = async () => {
      const { Uploads } = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (Uploads ?? []).map((upload) => upload.Key).sort();
    };
    const ours = `${organizationId}/${newId()}`;
    const notOurs = "exports/big-export.bin";
    await startUpload(ours);
    await startUpload(notOurs);

    const sweep = await sweepOrphanedBlobs({ database, storage, log, minAgeMs: HOUR });
    expect(sweep?.unfinished).toBe(0);
    expect(await pending()).toEqual([notOurs, ours].sort());

    const later = { database, storage, log, minAgeMs: HOUR, now: twoHoursOn() };
    expect((await sweepOrphanedBlobs(later))?.unfinished).toBe(1);
    expect(await pending()).toEqual([notOurs]);
    expect(await storage.stat(ours)).toBeUndefined();
  });
});
