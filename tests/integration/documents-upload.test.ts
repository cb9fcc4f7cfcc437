import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#shared/errors.ts";
import type { UploadResponse } from "#shared/schemas/upload.ts";
import { documents, folders, jobs } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";

const LIMIT = 200 * 1024;

/** The upload's answer per file, or (a request refused as a whole) the plain error body. */
type UploadBody = UploadResponse & Partial<ErrorBody>;

async function pdfBytes(text = "Hello"): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText(text);
  return Buffer.from(await pdf.save());
}

const pngBytes = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a7" } })
    .png()
    .toBuffer();

/** POST files (and a folderId) the way a browser's FormData does. */
async function upload(
  server: TestServer,
  files: { name: string; bytes: Uint8Array | string }[],
  options: { token?: string; folderId?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  if (options.folderId !== undefined) form.append("folderId", options.folderId);
  for (const file of files)
    form.append(
      "file",
      new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)]),
      file.name,
    );
  const response = await fetch(`${server.url}/api/documents/upload`, {
    method: "POST",
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadBody };
}

/** A multipart body written by hand, for names and endings FormData would not produce. */
async function rawUpload(server: TestServer, token: string, body: string) {
  const response = await fetch(`${server.url}/api/documents/upload`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "multipart/form-data; boundary=XyZ",
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as UploadBody };
}

describe.each(DB_KINDS)("POST /api/documents/upload (%s)", (kind) => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      MAX_UPLOAD_BYTES: String(LIMIT),
      RUN_WORKER: "false",
    });
    user = await createTestUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.running.services.database.db;

  async function rowsOf(organizationId: string) {
    return db().select().from(documents).where(eq(documents.organizationId, organizationId));
  }

  /** Blob files stored for an organization (local storage), temp files included. */
  async function blobFilesOf(organizationId: string): Promise<string[]> {
    try {
      return await readdir(join(server.running.services.config.blobDir, organizationId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async function createFolder(organizationId: string, ownerId: string | null = null) {
    const id = newId();
    const slug = unique("folder").toLowerCase();
    await db()
      .insert(folders)
      .values({ id, organizationId, name: slug, slug, path: slug, ownerId });
    return id;
  }

  it("stores one PDF as a pending document with its blob and a processing job", async () => {
    const owner = await createTestUser(server);
    const bytes = await pdfBytes();
    const result = await upload(server, [{ name: "Quarterly report.pdf", bytes }], {
      token: owner.token,
    });

    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      documents: [{ _id: expect.any(String), name: "Quarterly report.pdf" }],
      errors: [],
    });
    const id = result.body.documents[0]!._id;
    const [row] = await rowsOf(owner.organizationId);
    expect(row).toMatchObject({
      id,
      organizationId: owner.organizationId,
      folderId: null,
      ownerId: owner.userId,
      storageId: `${owner.organizationId}/${id}`,
      name: "Quarterly report.pdf",
      fileNameOriginal: "Quarterly report.pdf",
      fileType: "pdf",
      mimeType: "application/pdf",
      size: bytes.length,
      processingStatus: "pending",
    });
    const stored = await server.running.services.storage.getBuffer(row!.storageId, LIMIT);
    expect(stored?.equals(bytes)).toBe(true);

    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "process-document"), sql`${jobs.payload}->>'documentId' = ${id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      organizationId: owner.organizationId,
      status: "queued",
      payload: { documentId: id },
    });
  });

  it("stores several files of different kinds into a folder, one job each", async () => {
    const owner = await createTestUser(server);
    const folderId = await createFolder(owner.organizationId, owner.userId);
    const files = [
      { name: "scan.pdf", bytes: await pdfBytes("scan") },
      { name: "photo.PNG", bytes: await pngBytes() },
      { name: "notes.txt", bytes: "plain text\nwith lines\r\n" },
      { name: "Café crème ✓.md", bytes: "# Titre\n\nDu texte en UTF-8: é ü ✓\n" },
      { name: "table.csv", bytes: "a,b\n1,2\n" },
    ];
    const result = await upload(server, files, { token: owner.token, folderId });

    expect(result.status).toBe(200);
    expect(result.body.errors).toEqual([]);
    expect(result.body.documents.map((d) => d.name)).toEqual(files.map((f) => f.name));
    const rows = await rowsOf(owner.organizationId);
    expect(rows).toHaveLength(5);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get("photo.PNG")).toMatchObject({ fileType: "png", mimeType: "image/png" });
    expect(byName.get("notes.txt")).toMatchObject({ fileType: "txt", mimeType: "text/plain" });
    expect(byName.get("Café crème ✓.md")).toMatchObject({
      fileType: "md",
      size: Buffer.byteLength(files[3]!.bytes as string),
    });
    expect(byName.get("table.csv")).toMatchObject({ fileType: "csv", mimeType: "text/csv" });
    for (const row of rows) expect(row.folderId).toBe(folderId);

    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "process-document"), eq(jobs.organizationId, owner.organizationId)));
    expect(queued.map((j) => j.payload.documentId).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("accepts the good files of a request and lists the refused ones by name", async () => {
    const owner = await createTestUser(server);
    const result = await upload(
      server,
      [
        { name: "fake.pdf", bytes: await pngBytes() },
        { name: "good.txt", bytes: "fine" },
        { name: "tool.exe", bytes: "MZ..." },
      ],
      { token: owner.token },
    );
    expect(result.status).toBe(200);
    expect(result.body.documents.map((d) => d.name)).toEqual(["good.txt"]);
    expect(result.body.errors).toEqual([
      {
        fileName: "fake.pdf",
        message: "'fake.pdf' is not a PDF file (its content looks like a PNG image).",
      },
      {
        fileName: "tool.exe",
        message: expect.stringContaining("'tool.exe' is not a supported file type"),
      },
    ]);
    expect((await rowsOf(owner.organizationId)).map((r) => r.name)).toEqual(["good.txt"]);
    expect(await blobFilesOf(owner.organizationId)).toEqual([result.body.documents[0]!._id]);
  });

  it("refuses a file over the size limit with 413, leaving no row and no blob", async () => {
    const owner = await createTestUser(server);
    const huge = "x".repeat(LIMIT + 1);
    const result = await upload(server, [{ name: "huge.txt", bytes: huge }], {
      token: owner.token,
    });
    expect(result.status).toBe(413);
    expect(result.body.errorMessage).toBe("'huge.txt' is larger than the upload limit of 200 KB.");
    expect(result.body.errors).toEqual([
      { fileName: "huge.txt", message: "'huge.txt' is larger than the upload limit of 200 KB." },
    ]);
    expect(await rowsOf(owner.organizationId)).toEqual([]);
    expect(await blobFilesOf(owner.organizationId)).toEqual([]);
  });

  it("accepts a file of exactly the limit, and the files after a refused large one", async () => {
    const owner = await createTestUser(server);
    const result = await upload(
      server,
      [
        { name: "too-big.csv", bytes: "y".repeat(LIMIT * 3) },
        { name: "just-fits.txt", bytes: "z".repeat(LIMIT) },
      ],
      { token: owner.token },
    );
    expect(result.status).toBe(200);
    expect(result.body.documents.map((d) => d.name)).toEqual(["just-fits.txt"]);
    expect(result.body.errors.map((e) => e.fileName)).toEqual(["too-big.csv"]);
    const rows = await rowsOf(owner.organizationId);
    expect(rows.map((r) => [r.name, r.size])).toEqual([["just-fits.txt", LIMIT]]);
    expect(await blobFilesOf(owner.organizationId)).toHaveLength(1);
  });

  it("refuses unsupported types with 415 and content that is not what its name says with 400", async () => {
    const owner = await createTestUser(server);
    const unsupported = await upload(server, [{ name: "old.doc", bytes: "x" }], {
      token: owner.token,
    });
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.errorMessage).toContain("'old.doc' is not a supported file type");
    expect(unsupported.body.errorData).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE" });

    const mismatch = await upload(server, [{ name: "picture.png", bytes: await pdfBytes() }], {
      token: owner.token,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errorMessage).toBe(
      "'picture.png' is not a PNG image (its content looks like a PDF file).",
    );

    const binaryText = await upload(
      server,
      [{ name: "log.txt", bytes: Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02]) }],
      { token: owner.token },
    );
    expect(binaryText.status).toBe(400);
    expect(binaryText.body.errorMessage).toBe(
      "'log.txt' is not a text file (it contains binary data).",
    );

    const empty = await upload(server, [{ name: "empty.pdf", bytes: "" }], { token: owner.token });
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toBe("'empty.pdf' is empty.");

    expect(await rowsOf(owner.organizationId)).toEqual([]);
    expect(await blobFilesOf(owner.organizationId)).toEqual([]);
  });

  it("refuses an unknown, malformed or other organization's folder with 404 and stores nothing", async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const foreignFolder = await createFolder(stranger.organizationId, stranger.userId);
    for (const folderId of [newId(), "not-a-uuid", foreignFolder]) {
      const result = await upload(server, [{ name: "a.txt", bytes: "hello" }], {
        token: owner.token,
        folderId,
      });
      expect(result.status).toBe(404);
      expect(result.body).toMatchObject({
        status: "error",
        errorMessage: "Folder not found.",
        errorData: { code: "NOT_FOUND" },
      });
    }
    expect(await rowsOf(owner.organizationId)).toEqual([]);
    expect(await rowsOf(stranger.organizationId)).toEqual([]);
    expect(await blobFilesOf(owner.organizationId)).toEqual([]);
  });

  it("treats an empty folderId as the top level", async () => {
    const owner = await createTestUser(server);
    const result = await upload(server, [{ name: "top.txt", bytes: "top" }], {
      token: owner.token,
      folderId: "",
    });
    expect(result.status).toBe(200);
    expect((await rowsOf(owner.organizationId))[0]?.folderId).toBeNull();
  });

  it("checks a folderId sent after the files too", async () => {
    const owner = await createTestUser(server);
    const body = [
      "--XyZ",
      'Content-Disposition: form-data; name="file"; filename="late.txt"',
      "Content-Type: text/plain",
      "",
      "some text",
      "--XyZ",
      'Content-Disposition: form-data; name="folderId"',
      "",
      newId(),
      "--XyZ--",
      "",
    ].join("\r\n");
    const result = await rawUpload(server, owner.token, body);
    expect(result.status).toBe(404);
    expect(await rowsOf(owner.organizationId)).toEqual([]);
    expect(await blobFilesOf(owner.organizationId)).toEqual([]);
  });

  it("cleans file names: no folders, no control characters", async () => {
    const owner = await createTestUser(server);
    const body = [
      "--XyZ",
      'Content-Disposition: form-data; name="file"; filename="..\\\\..\\\\secret\tplan\u202e.txt"',
      "Content-Type: text/plain",
      "",
      "plan",
      "--XyZ--",
      "",
    ].join("\r\n");
    const result = await rawUpload(server, owner.token, body);
    expect(result.status).toBe(200);
    expect(result.body.documents[0]!.name).toBe("secret plan.txt");
    expect((await rowsOf(owner.organizationId))[0]?.name).toBe("secret plan.txt");
  });

  it("discards everything when the request is cut off", async () => {
    const owner = await createTestUser(server);
    const body = [
      "--XyZ",
      'Content-Disposition: form-data; name="file"; filename="complete.txt"',
      "",
      "complete",
      "--XyZ",
      'Content-Disposition: form-data; name="file"; filename="cut.txt"',
      "",
      "this part never ends",
    ].join("\r\n");
    const result = await rawUpload(server, owner.token, body);
    expect(result.status).toBe(400);
    expect(result.body.errorMessage).toBe("The upload was cut off or malformed. Please try again.");
    expect(await rowsOf(owner.organizationId)).toEqual([]);
    expect(await blobFilesOf(owner.organizationId)).toEqual([]);
  });

  it("takes at most 50 files per request and says the rest were skipped", async () => {
    const owner = await createTestUser(server);
    const files = Array.from({ length: 52 }, (_, i) => ({ name: `n${i}.txt`, bytes: `note ${i}` }));
    const result = await upload(server, files, { token: owner.token });
    expect(result.status).toBe(200);
    expect(result.body.documents).toHaveLength(50);
    expect(result.body.errors).toEqual([
      { fileName: "", message: "Upload at most 50 files at once; the rest were skipped." },
    ]);
    expect(await rowsOf(owner.organizationId)).toHaveLength(50);
    expect(await blobFilesOf(owner.organizationId)).toHaveLength(50);
  });

  it("asks for files when there are none, and for multipart when it is not", async () => {
    const none = await upload(server, [], { token: user.token, folderId: "" });
    expect(none.status).toBe(400);
    expect(none.body.errorMessage).toBe("Choose at least one file to upload.");

    const json = await fetch(`${server.url}/api/documents/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ file: "x" }),
    });
    expect(json.status).toBe(415);
    const refused = (await json.json()) as UploadBody;
    expect(refused.errorMessage).toContain("multipart/form-data");
    expect(refused.errorData).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("requires a signed-in caller", async () => {
    const anonymous = await upload(server, [{ name: "a.txt", bytes: "a" }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorMessage).toBe("Authentication required");

    const badToken = await upload(server, [{ name: "a.txt", bytes: "a" }], {
      token: "not.a.token",
    });
    expect(badToken.status).toBe(401);

    const malformed = await upload(server, [{ name: "a.txt", bytes: "a" }], {
      headers: { authorization: "Basic abc" },
    });
    expect(malformed.status).toBe(401);
  });

  it("accepts the session cookie from this app's pages and refuses it cross-site", async () => {
    const owner = await createTestUser(server);
    const cookie = `atrium_access=${owner.token}`;
    const sameSite = await upload(server, [{ name: "cookie.txt", bytes: "c" }], {
      headers: { cookie, origin: server.url },
    });
    expect(sameSite.status).toBe(200);

    const crossSite = await upload(server, [{ name: "csrf.txt", bytes: "c" }], {
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.errorMessage).toBe("Cross-site request refused.");
    expect((await rowsOf(owner.organizationId)).map((r) => r.name)).toEqual(["cookie.txt"]);
  });
});
