import type { Readable } from "node:stream";

/**
 * Where document bytes live. Keys are opaque strings made by the server
 * (never from user input). Two implementations: a directory under DATA_DIR
 * (default) and S3-compatible storage (S3_BUCKET...).
 */
export interface BlobStorage {
  readonly kind: "local" | "s3";
  /** Store a stream (never buffered whole) or bytes; resolves with the size written. */
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
}
