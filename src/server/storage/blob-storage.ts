import type { Readable } from "node:stream";

/**
 * Where document bytes live. Keys are opaque strings made by the server
 * (never from user input). Two implementations: a directory under DATA_DIR
 * (default) and S3-compatible storage (S3_BUCKET...).
 */
export interface BlobStorage {
  readonly kind: "local" | "s3";
  /**
   * Store a stream (never buffered whole) or bytes; resolves with the size written.
   * When the stream fails, nothing is left under the key and the promise rejects.
   */
  put(
    key: string,
    body: Readable | Uint8Array,
    options: { contentType: string },
  ): Promise<{ size: number }>;
  /** The bytes as a stream; undefined when there is no such blob. */
  get(key: string): Promise<Readable | undefined>;
  /** The bytes in memory, refusing blobs larger than maxBytes; undefined when missing. */
  getBuffer(key: string, maxBytes: number): Promise<Buffer | undefined>;
  /** Size of a blob, or undefined when missing. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Delete blobs; missing keys are ignored. */
  delete(keys: string[]): Promise<void>;
  /**
   * Every complete blob with the time it was last written, a page at a time
   * (in no particular order). Unfinished writes are not listed.
   */
  list(): AsyncIterable<BlobEntry[]>;
  /**
   * Remove writes that never finished (a process killed mid-upload) and were
   * started before `before`: temp files, or incomplete S3 multipart uploads
   * (only for keys `isOwnKey` accepts, as a bucket may be shared). Resolves
   * with how many were removed.
   */
  removeUnfinished(options: { before: Date; isOwnKey: (key: string) => boolean }): Promise<number>;
}

export interface BlobEntry {
  key: string;
  lastModified: Date;
}

/** Slash-separated segments of letters, digits, dot, dash and underscore; no "..". */
const KEY_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const MAX_KEY_LENGTH = 512;

export function isValidBlobKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key) && !key.includes("..");
}

/** Keys come from the server, so a bad one is a bug: fail loudly before touching storage. */
export function assertBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}

export class BlobTooLargeError extends Error {
  override name = "BlobTooLargeError";
  constructor(key: string, maxBytes: number) {
    super(`Blob ${key} is larger than ${maxBytes} bytes`);
  }
}

/** Collect a stream into memory, failing as soon as it passes maxBytes. */
export async function readLimited(stream: Readable, key: string, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new BlobTooLargeError(key, maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}
