import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { AppError } from "#shared/errors.ts";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import type { Services } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { documents, serverState } from "../db/schema.ts";
import { answerErrors } from "../http/error-response.ts";
import type { AppEnv } from "../http/request-info.ts";
import { isUuid } from "../ids.ts";
import { blobResponse } from "./blob-response.ts";

/**
 * Short-lived download links that need no session (decision 019): what a
 * module's automation receives to fetch the documents a member chose.
 * `GET /api/documents/signed/{documentId}?expires=<unix s>&sig=<hex>`, where
 * sig is HMAC-SHA256 of "<documentId>.<expires>" under a key the server
 * generates once and keeps in the database (every instance shares it).
 * An expired link is 403, a tampered one 403, a removed document 404.
 */

export const SIGNED_DOWNLOAD_TTL_MS = 15 * 60_000;
const KEY_NAME = "download-link-key";
const keys = new WeakMap<object, Promise<Buffer>>();

async function readOrCreateKey(db: Executor): Promise<Buffer> {
  const read = async () =>
    (await db.select().from(serverState).where(eq(serverState.key, KEY_NAME)))[0];
  let row = await read();
  if (!row) {
    const value = { key: randomBytes(32).toString("base64") };
    await db.insert(serverState).values({ key: KEY_NAME, value }).onConflictDoNothing();
    row = (await read())!;
  }
  return Buffer.from(String(row.value.key), "base64");
}

function linkKey(services: Services): Promise<Buffer> {
  const db = services.database.db;
  let key = keys.get(db);
  if (!key) {
    key = readOrCreateKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, documentId: string, expires: number) =>
  createHmac("sha256", key).update(`${documentId}.${expires}`).digest("hex");

/** A link to a document's bytes valid until `expiresAt` (15 minutes from now by default). */
export async function signedDownloadUrl(
  services: Services,
  documentId: string,
  expiresAt = new Date(Date.now() + SIGNED_DOWNLOAD_TTL_MS),
): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const sig = sign(await linkKey(services), documentId, expires);
  return `${services.config.publicUrl}/api/documents/signed/${documentId}?expires=${expires}&sig=${sig}`;
}

export function signedDownloadRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.onError(answerErrors(services.log));
  app.get("/:documentId", async (c) => {
    const documentId = c.req.param("documentId");
    const expires = Number(c.req.query("expires"));
    const given = Buffer.from(c.req.query("sig") ?? "", "hex");
    const expected = Buffer.from(
      sign(await linkKey(services), documentId, Number.isInteger(expires) ? expires : 0),
      "hex",
    );
    if (
      !isUuid(documentId) ||
      !Number.isInteger(expires) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new AppError("FORBIDDEN", "This download link is not valid.");
    }
    if (expires * 1000 < Date.now()) {
      throw new AppError("FORBIDDEN", "This download link has expired.", { reason: "expired" });
    }
    const [document] = await services.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, documentId));
    if (!document) throw new AppError("NOT_FOUND", "Document not found.");
    const response = await blobResponse(services.storage, document.storageId, document.mimeType, {
      "Cache-Control": "private, no-store",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(downloadFileName(document))}`,
    });
    if (!response) throw new AppError("NOT_FOUND", "The file of this document is missing.");
    return response;
  });
  return app;
}
