import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { documents } from "../../src/server/db/schema.ts";
import { callFn } from "../support/call-fn.ts";
import { findFreePort } from "../support/postgres.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

const PLACEHOLDER_CSP = "default-src 'none'; style-src 'unsafe-inline'";

async function pdfBytes(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText("Preview me");
  return Buffer.from(await pdf.save());
}

const pngBytes = () =>
  sharp({ create: { width: 6, height: 4, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();

async function uploadOne(server: TestServer, token: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}/api/documents/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { documents: { _id: string }[] };
  expect(response.status).toBe(200);
  const id = body.documents[0]!._id;
  const [row] = await server.running.services.database.db
    .select()
    .from(documents)
    .where(eq(documents.id, id));
  return row!;
}

async function get(server: { url: string }, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

function expectPlaceholder(response: Response, bytes: Buffer) {
  expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  expect(response.headers.get("content-security-policy")).toBe(PLACEHOLDER_CSP);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("cache-control")).toMatch(/max-age=300\b/);
  const svg = bytes.toString("utf8");
  expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).not.toMatch(/<script|\son\w+=|href=|<foreignObject/i);
  return svg;
}

describe.each(DB_KINDS)("document download and preview (%s)", (kind) => {
  let server: TestServer;
  let alice: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    alice = await createTestUser(server);
    colleague = await createTestUser(server, { organizationId: alice.organizationId });
    stranger = await createTestUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.running.services.database.db;
  /** Alice shares a document with her colleague to view (it is private until then). */
  const shareWithColleague = (documentId: string) =>
    callFn(
      server,
      api.shares.set,
      {
        entityType: "document",
        entityId: documentId,
        grantee: { userId: colleague.userId },
        role: "viewer",
      },
      alice.token,
    );
  const storage = () => server.running.services.storage;
  const update = (id: string, values: Partial<typeof documents.$inferInsert>) =>
    db().update(documents).set(values).where(eq(documents.id, id));

  describe("GET /api/documents/{id}/download", () => {
    it("streams the original bytes with type, length and an attachment name", async () => {
      const bytes = await pdfBytes();
      const doc = await uploadOne(server, alice.token, "Report 2024.pdf", bytes);
      const { response, bytes: body } = await get(
        server,
        `/api/documents/${doc.id}/download`,
        bearer(alice),
      );
      expect(response.status).toBe(200);
      expect(body.equals(bytes)).toBe(true);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="Report 2024.pdf"',
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private");
    });

    it("lets colleagues it was shared with download, by bearer token or by the session cookie", async () => {
      const doc = await uploadOne(server, alice.token, "shared.txt", Buffer.from("for the team"));
      const before = await get(server, `/api/documents/${doc.id}/download`, bearer(colleague));
      expect(before.response.status).toBe(404);
      await shareWithColleague(doc.id);
      const byToken = await get(server, `/api/documents/${doc.id}/download`, bearer(colleague));
      expect(byToken.bytes.toString()).toBe("for the team");
      const byCookie = await get(server, `/api/documents/${doc.id}/download`, {
        cookie: `atrium_access=${colleague.token}`,
      });
      expect(byCookie.response.status).toBe(200);
      expect(byCookie.bytes.toString()).toBe("for the team");
    });

    it("names non-ASCII files with an ASCII fallback and RFC 5987 filename*", async () => {
      const doc = await uploadOne(server, alice.token, 'Résumé "final" ✓.txt', Buffer.from("cv"));
      const { response } = await get(server, `/api/documents/${doc.id}/download`, bearer(alice));
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="R_sum_ _final_ _.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%E2%9C%93.txt`,
      );
    });

    it("follows SPEC 5 for names without a dot: title or name, plus the mime type's extension", async () => {
      const doc = await uploadOne(server, alice.token, "minutes.pdf", await pdfBytes());
      const disposition = async () =>
        (
          await get(server, `/api/documents/${doc.id}/download`, bearer(alice))
        ).response.headers.get("content-disposition");

      await update(doc.id, { fileNameOriginal: null, title: "Board minutes", name: "ignored" });
      expect(await disposition()).toBe('attachment; filename="Board minutes.pdf"');

      await update(doc.id, { title: null, name: "Contract" });
      expect(await disposition()).toBe('attachment; filename="Contract.pdf"');

      await update(doc.id, { name: "v1.2 draft" });
      expect(await disposition()).toBe('attachment; filename="v1.2 draft"');

      await update(doc.id, { name: "Opaque", mimeType: "application/x-unknown" });
      expect(await disposition()).toBe('attachment; filename="Opaque"');

      await update(doc.id, { name: "  " });
      expect(await disposition()).toBe('attachment; filename="download"');
    });

    it("is not found for another organization, unknown ids and malformed ids", async () => {
      const doc = await uploadOne(server, alice.token, "private.txt", Buffer.from("secret"));
      for (const id of [doc.id, "0190a000-0000-7000-8000-000000000000", "not-an-id"]) {
        const { response, bytes } = await get(
          server,
          `/api/documents/${id}/download`,
          bearer(stranger),
        );
        expect(response.status).toBe(404);
        expect(JSON.parse(bytes.toString())).toMatchObject({ errorMessage: "Document not found." });
        expect(bytes.toString()).not.toContain("secret");
      }
    });

    it("requires a signed-in caller", async () => {
      const doc = await uploadOne(server, alice.token, "a.txt", Buffer.from("a"));
      const anonymous = await get(server, `/api/documents/${doc.id}/download`);
      expect(anonymous.response.status).toBe(401);
      const expired = await get(server, `/api/documents/${doc.id}/download`, {
        cookie: "atrium_access=garbage",
      });
      expect(expired.response.status).toBe(401);
    });

    it("says so when the stored file is gone", async () => {
      const doc = await uploadOne(server, alice.token, "gone.txt", Buffer.from("soon gone"));
      await storage().delete([doc.storageId]);
      const { response, bytes } = await get(
        server,
        `/api/documents/${doc.id}/download`,
        bearer(alice),
      );
      expect(response.status).toBe(404);
      expect(JSON.parse(bytes.toString()).errorMessage).toBe(
        "The file of this document is missing.",
      );
    });

    it("streams a large file through upload and download intact", async () => {
      const line = "2024-01-01,some value,another value,ünïcödé ✓\n";
      const bytes = Buffer.from(line.repeat(Math.ceil((12 * 1024 * 1024) / line.length)));
      const doc = await uploadOne(server, alice.token, "big.csv", bytes);
      expect(doc.size).toBe(bytes.length);
      const { response, bytes: body } = await get(
        server,
        `/api/documents/${doc.id}/download`,
        bearer(alice),
      );
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      const hash = (b: Buffer) => createHash("sha256").update(b).digest("hex");
      expect(hash(body)).toBe(hash(bytes));
    });
  });

  describe("GET /api/document-preview/{storageId}", () => {
    it("serves a raster image's own bytes while it has no rendered preview", async () => {
      const png = await pngBytes();
      const doc = await uploadOne(server, alice.token, "chart.png", png);
      await shareWithColleague(doc.id);
      const { response, bytes } = await get(server, `/api/document-preview/${doc.storageId}`, {
        cookie: `atrium_access=${colleague.token}`,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(bytes.equals(png)).toBe(true);
    });

    it("serves the rendered preview once there is one", async () => {
      const doc = await uploadOne(server, alice.token, "deck.pdf", await pdfBytes());
      const jpeg = await sharp(await pngBytes())
        .jpeg()
        .toBuffer();
      const previewKey = `${doc.storageId}-preview`;
      await storage().put(previewKey, jpeg, { contentType: "image/jpeg" });
      await update(doc.id, { previewStorageId: previewKey, previewContentType: "image/jpeg" });

      const { response, bytes } = await get(
        server,
        `/api/document-preview/${doc.storageId}`,
        bearer(alice),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("content-length")).toBe(String(jpeg.length));
      expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
      expect(bytes.equals(jpeg)).toBe(true);
    });

    it("shows the placeholder for a document without a preview, and never serves SVG originals", async () => {
      const pdf = await uploadOne(server, alice.token, "not-yet.pdf", await pdfBytes());
      const notYet = await get(server, `/api/document-preview/${pdf.storageId}`, bearer(alice));
      expect(notYet.response.status).toBe(200);
      const svg = expectPlaceholder(notYet.response, notYet.bytes);
      expect(svg).toContain("No preview");
      expect(svg).not.toContain("not-yet");

      const hostile = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const svgDoc = await uploadOne(server, alice.token, "logo.svg", hostile);
      const logo = await get(server, `/api/document-preview/${svgDoc.storageId}`, bearer(alice));
      expectPlaceholder(logo.response, logo.bytes);
      expect(logo.bytes.toString()).not.toContain("alert");
    });

    it("never serves a preview recorded with a type other than PNG, JPEG or WebP", async () => {
      const doc = await uploadOne(server, alice.token, "odd.pdf", await pdfBytes());
      const key = `${doc.storageId}-preview`;
      await storage().put(key, Buffer.from("<svg onload=alert(1)>"), {
        contentType: "image/svg+xml",
      });
      await update(doc.id, { previewStorageId: key, previewContentType: "image/svg+xml" });
      const { response, bytes } = await get(
        server,
        `/api/document-preview/${doc.storageId}`,
        bearer(alice),
      );
      expectPlaceholder(response, bytes);
    });

    it("shows only the placeholder to other organizations, anonymous callers and unknown ids", async () => {
      const png = await pngBytes();
      const doc = await uploadOne(server, alice.token, "private.png", png);
      const cases: [Record<string, string>, string, number][] = [
        [bearer(stranger), doc.storageId, 404],
        [{ cookie: `atrium_access=${stranger.token}` }, doc.storageId, 404],
        [{}, doc.storageId, 401],
        [{ authorization: "Bearer expired.or.forged" }, doc.storageId, 401],
        [bearer(alice), `${alice.organizationId}/unknown`, 404],
      ];
      for (const [headers, storageId, status] of cases) {
        const { response, bytes } = await get(
          server,
          `/api/document-preview/${storageId}`,
          headers,
        );
        expect(response.status).toBe(status);
        expectPlaceholder(response, bytes);
        expect(bytes.equals(png)).toBe(false);
      }
    });
  });
});

describe.each(DB_KINDS)("document preview through the development proxy (%s)", (kind) => {
  let upstream: Server;
  let upstreamUrl: string;
  let server: TestServer;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const image = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push({ url: req.url ?? "", headers: req.headers });
      if (req.url === "/api/document-preview/typed") {
        res.writeHead(200, { "content-type": "image/png" }).end(image);
      } else if (req.url === "/api/document-preview/untyped") {
        res.writeHead(200).end(image);
      } else if (req.url === "/api/document-preview/org/doc") {
        res.writeHead(200, { "content-type": "image/webp" }).end(image);
      } else if (req.url === "/api/document-preview/page") {
        res.writeHead(200, { "content-type": "text/html" }).end("<script>alert(1)</script>");
      } else {
        res.writeHead(500).end("boom");
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    server = await startTestServer(kind, {
      PREVIEW_UPSTREAM_URL: upstreamUrl,
      RUN_WORKER: "false",
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  });

  it("forwards the request and returns the upstream image with its type, cached an hour", async () => {
    const { response, bytes } = await get(server, "/api/document-preview/typed", {
      cookie: "atrium_access=should-not-be-forwarded",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toMatch(/max-age=3600\b/);
    expect(bytes.equals(image)).toBe(true);
    const request = seen.find((s) => s.url === "/api/document-preview/typed");
    expect(request?.headers.cookie).toBeUndefined();
  });

  it("defaults the content type to image/jpeg and keeps slashes in the storage id", async () => {
    const untyped = await get(server, "/api/document-preview/untyped");
    expect(untyped.response.headers.get("content-type")).toBe("image/jpeg");
    expect(untyped.bytes.equals(image)).toBe(true);
    const nested = await get(server, "/api/document-preview/org/doc");
    expect(nested.response.headers.get("content-type")).toBe("image/webp");
  });

  it("answers the 'Proxy Error' placeholder when upstream fails or sends something else than an image", async () => {
    for (const storageId of ["missing", "page"]) {
      const { response, bytes } = await get(server, `/api/document-preview/${storageId}`);
      const svg = expectPlaceholder(response, bytes);
      expect(svg).toContain("Proxy Error");
      expect(svg).toContain("Cannot reach production API");
    }
  });

  it("answers the 'Proxy Error' placeholder when upstream cannot be reached", async () => {
    const port = await findFreePort();
    const offline = await startTestServer(kind, {
      PREVIEW_UPSTREAM_URL: `http://127.0.0.1:${port}`,
      RUN_WORKER: "false",
    });
    try {
      const { response, bytes } = await get(offline, "/api/document-preview/anything");
      const svg = expectPlaceholder(response, bytes);
      expect(svg).toContain("Proxy Error");
      expect(svg).toContain("Cannot reach production API");
    } finally {
      await offline.close();
    }
  });
});
