import { Readable } from "node:stream";
import type { BlobStorage } from "../storage/blob-storage.ts";

/** A blob streamed with its length and type; undefined when the blob is missing. */
export async function blobResponse(
  storage: BlobStorage,
  key: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<Response | undefined> {
  const info = await storage.stat(key);
  const stream = info ? await storage.get(key) : undefined;
  if (!info || !stream) return undefined;
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      ...headers,
      "Content-Type": contentType,
      "Content-Length": String(info.size),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
