import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../src/server/db/schema.ts";
import type { BlobStorage } from "../../src/server/storage/blob-storage.ts";
import { BlobTooLargeError } from "../../src/server/storage/blob-storage.ts";
import { createBlobStorage } from "../../src/server/storage/index.ts";
import { LocalBlobStorage } from "../../src/server/storage/local.ts";
import { PART_SIZE, S3BlobStorage } from "../../src/server/storage/s3.ts";
import { findFreePort } from "../support/postgres.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { createTestUser, startTestServer, unique } from "../support/server.ts";

let s3: TestS3;
let localDir: string;

beforeAll(async () => {
  s3 = await startTestS3();
  localDir = mkdtempSync(join(tmpdir(), "atrium-blobs-"));
});
afterAll(async () => {
  await s3?.stop();
  if (localDir) rmSync(localDir, { recursive: true, force: true });
});

const bucketName = () =>
  unique("bucket")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-")
    .slice(0, 60);

/** `total` pseudo-random bytes in 64 KiB chunks, made lazily, with their SHA-256. */
function generated(total: number, failAfter?: number) {
  const hash = createHash("sha256");
  const seed = randomBytes(64 * 1024);
  let sent = 0;
  const stream = Readable.from(
    (function* () {
      while (sent < total) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error("client went away");
        const size = Math.min(seed.length, total - sent);
        const chunk = Buffer.from(seed.subarray(0, size));
        chunk.writeUInt32BE(sent >>> 0, 0);
        hash.update(chunk);
        sent += size;
        yield chunk;
      }
    })(),
  );
  return { stream, digest: () => hash.digest("hex") };
}

async function sha256Of(stream: Readable): Promise<{ hex: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hex: hash.digest("hex"), size };
}

const KINDS = ["local", "s3"] as const;

/** The same contract for both implementations. */
describe.each(KINDS)("blob storage contract (%s)", (kind) => {
  let storage: BlobStorage;

  beforeAll(async () => {
    storage =
      kind === "local"
        ? new LocalBlobStorage(join(localDir, "contract"))
        : await createBlobStorage({ s3: s3.settings(bucketName()), blobDir: "unused" });
    expect(storage.kind).toBe(kind);
  });

  it("stores bytes and gives them back as a stream, a buffer and a size", async () => {
    const key = `org-1/${unique("doc")}`;
    const bytes = Buffer.from("hello, blob ✓");
    expect(await storage.put(key, bytes, { contentType: "text/plain" })).toEqual({
      size: bytes.length,
    });
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
    expect((await storage.getBuffer(key, 1024))?.equals(bytes)).toBe(true);
    const stream = await storage.get(key);
    expect(stream).toBeDefined();
    const read = await sha256Of(stream!);
    expect(read).toEqual({
      hex: createHash("sha256").update(bytes).digest("hex"),
      size: bytes.length,
    });
  });

  it("stores an empty blob", async () => {
    const key = unique("empty");
    expect(await storage.put(key, Readable.from([]), { contentType: "text/plain" })).toEqual({
      size: 0,
    });
    expect(await storage.stat(key)).toEqual({ size: 0 });
  });

  it("streams a blob larger than several upload parts and reads it back intact", async () => {
    const key = `org-1/${unique("large")}`;
    const total = PART_SIZE * 2 + 123_457;
    const source = generated(total);
    expect(await storage.put(key, source.stream, { contentType: "application/pdf" })).toEqual({
      size: total,
    });
    expect(await storage.stat(key)).toEqual({ size: total });
    const read = await sha256Of((await storage.get(key))!);
    expect(read).toEqual({ hex: source.digest(), size: total });
  });

  it("leaves nothing behind when the source stream fails midway", async () => {
    const small = unique("failed-small");
    await expect(
      storage.put(small, generated(1024 * 1024, 512 * 1024).stream, { contentType: "text/plain" }),
    ).rejects.toThrow("client went away");
    expect(await storage.stat(small)).toBeUndefined();

    const large = unique("failed-large");
    await expect(
      storage.put(large, generated(PART_SIZE * 3, PART_SIZE + 1).stream, {
        contentType: "text/plain",
      }),
    ).rejects.toThrow("client went away");
    expect(await storage.stat(large)).toBeUndefined();
    expect(await storage.get(large)).toBeUndefined();
  });

  it("replaces a blob written twice under one key", async () => {
    const key = unique("twice");
    await storage.put(key, Buffer.from("first version"), { contentType: "text/plain" });
    await storage.put(key, Readable.from([Buffer.from("second")]), { contentType: "text/plain" });
    expect((await storage.getBuffer(key, 100))?.toString()).toBe("second");
  });

  it("answers undefined for missing blobs and ignores them when deleting", async () => {
    const key = unique("missing");
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.getBuffer(key, 10)).toBeUndefined();
    expect(await storage.stat(key)).toBeUndefined();
    await storage.delete([key]);
  });

  it("deletes several blobs at once", async () => {
    const keys = [unique("del-a"), unique("del-b"), unique("del-c")];
    for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: "text/plain" });
    await storage.delete([keys[0]!, keys[1]!, unique("never-there")]);
    expect(await storage.stat(keys[0]!)).toBeUndefined();
    expect(await storage.stat(keys[1]!)).toBeUndefined();
    expect(await storage.stat(keys[2]!)).toEqual({ size: keys[2]!.length });
  });

  it("refuses to read a blob into memory past the limit", async () => {
    const key = unique("big");
    await storage.put(key, Buffer.alloc(2048, 1), { contentType: "application/octet-stream" });
    await expect(storage.getBuffer(key, 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
  });

  it("refuses keys that could escape their place", async () => {
    for (const key of ["../etc/passwd", "a//b", "/abs", "a/../b", "sp ace", ""]) {
      await expect(
        storage.put(key, Buffer.from("x"), { contentType: "text/plain" }),
      ).rejects.toThrow("Invalid blob key");
    }
  });
});

describe("S3 storage setup", () => {
  it("creates the bucket when it is missing, and reuses it afterwards", async () => {
    const settings = s3.settings(bucketName());
    const first = await createBlobStorage({ s3: settings, blobDir: "unused" });
    await first.put("k", Buffer.from("v"), { contentType: "text/plain" });
    const second = await createBlobStorage({ s3: settings, blobDir: "unused" });
    expect((await second.getBuffer("k", 10))?.toString()).toBe("v");
  });

  it("fails start-up with a clear message when the endpoint cannot be reached", async () => {
    const port = await findFreePort();
    const settings = { ...s3.settings("nowhere"), endpoint: `http://127.0.0.1:${port}` };
    await expect(createBlobStorage({ s3: settings, blobDir: "unused" })).rejects.toThrow(
      /Cannot use S3 bucket "nowhere" at http:\/\/127\.0\.0\.1:\d+: .*Check S3_ENDPOINT/,
    );
  });

  it("fails start-up when the credentials are refused", async () => {
    // s3rver checks the key id (it does not verify v4 signatures).
    const settings = { ...s3.settings(bucketName()), accessKeyId: "NOT-A-KEY" };
    await expect(createBlobStorage({ s3: settings, blobDir: "unused" })).rejects.toThrow(
      /Cannot use S3 bucket/,
    );
  });
});

describe("the server on S3 storage", () => {
  it("uploads into the bucket and downloads the same bytes", async () => {
    const bucket = bucketName();
    const server = await startTestServer("pglite", { ...s3.env(bucket), RUN_WORKER: "false" });
    try {
      expect(server.running.services.storage.kind).toBe("s3");
      const user = await createTestUser(server);
      const pdf = await PDFDocument.create();
      pdf.addPage([100, 100]);
      const bytes = Buffer.from(await pdf.save());
      const form = new FormData();
      form.append("file", new Blob([bytes]), "stored-in-s3.pdf");
      const upload = await fetch(`${server.url}/api/documents/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      expect(upload.status).toBe(200);
      const { documents: created } = (await upload.json()) as { documents: { _id: string }[] };
      const id = created[0]!._id;
      const [row] = await server.running.services.database.db
        .select()
        .from(documents)
        .where(eq(documents.id, id));

      const direct = new S3BlobStorage(s3.settings(bucket));
      expect(await direct.stat(row!.storageId)).toEqual({ size: bytes.length });
      direct.destroy();

      const download = await fetch(`${server.url}/api/documents/${id}/download`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
