import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import type { Config } from "../config.ts";
import {
  assertBlobKey,
  type BlobEntry,
  type BlobStorage,
  BlobTooLargeError,
  readLimited,
} from "./blob-storage.ts";
import { abortUnfinishedUploads, listObjects } from "./s3-listing.ts";

export type S3Settings = NonNullable<Config["s3"]>;

/** Parts of a streamed upload: at most one is in memory at a time (S3 wants >= 5 MiB). */
export const PART_SIZE = 8 * 1024 * 1024;
const DELETE_BATCH = 1000;

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver...). A stream
 * smaller than one part is sent with PutObject; a larger one as a multipart
 * upload, one part at a time, so a 100 MB file is never whole in memory.
 */
export class S3BlobStorage implements BlobStorage {
  readonly kind = "s3";
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #region: string;
  readonly #endpoint: string;

  constructor(settings: S3Settings) {
    this.#bucket = settings.bucket;
    this.#region = settings.region;
    this.#endpoint = settings.endpoint ?? `AWS S3 (${settings.region})`;
    this.#client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // S3-compatible servers often reject the SDK's newer default checksum headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    });
  }

  /** Check the bucket is reachable, creating it when missing; a clear error otherwise. */
  async ensureBucket(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
      return;
    } catch (error) {
      if (!isNotFound(error)) throw this.#unreachable(error);
    }
    try {
      await this.#client.send(
        new CreateBucketCommand({
          Bucket: this.#bucket,
          ...(this.#region === "us-east-1"
            ? {}
            : { CreateBucketConfiguration: { LocationConstraint: this.#region as never } }),
        }),
      );
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name !== "BucketAlreadyOwnedByYou") throw this.#unreachable(error);
    }
  }

  #unreachable(error: unknown): Error {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return new Error(
      `Cannot use S3 bucket "${this.#bucket}" at ${this.#endpoint}: ${reason}. Check S3_ENDPOINT, S3_BUCKET and the S3 credentials.`,
      { cause: error },
    );
  }

  async put(
    key: string,
    body: Readable | Uint8Array,
    options: { contentType: string },
  ): Promise<{ size: number }> {
    assertBlobKey(key);
    if (!(body instanceof Readable)) {
      await this.#putWhole(key, Buffer.from(body), options.contentType);
      return { size: body.byteLength };
    }
    const parts = readParts(body);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    if (firstPart.length < PART_SIZE) {
      // The stream ended within one part.
      await this.#putWhole(key, firstPart, options.contentType);
      return { size: firstPart.length };
    }
    return this.#putMultipart(key, firstPart, parts, options.contentType);
  }

  async #putWhole(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async #putMultipart(
    key: string,
    firstPart: Buffer,
    rest: AsyncGenerator<Buffer>,
    contentType: string,
  ): Promise<{ size: number }> {
    const created = await this.#client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.#bucket,
        Key: key,
        ContentType: contentType,
      }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error(`S3 did not start a multipart upload for ${key}`);
    const done: { ETag: string; PartNumber: number }[] = [];
    let size = 0;
    try {
      let part: Buffer | undefined = firstPart;
      while (part) {
        const PartNumber = done.length + 1;
        const result = await this.#client.send(
          new UploadPartCommand({
            Bucket: this.#bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        );
        if (!result.ETag) throw new Error(`S3 gave no ETag for part ${PartNumber} of ${key}`);
        done.push({ ETag: result.ETag, PartNumber });
        size += part.length;
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      await this.#client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.#bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: done },
        }),
      );
      return { size };
    } catch (error) {
      await rest.return(undefined);
      // Best effort: the original error is what the caller needs; the orphan
      // sweep (decision 014) aborts what this cannot.
      await this.#client
        .send(
          new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId: uploadId }),
        )
        .catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    assertBlobKey(key);
    try {
      const result = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      if (!(result.Body instanceof Readable)) {
        throw new Error(`S3 returned no readable body for ${key}`);
      }
      return result.Body;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer | undefined> {
    const info = await this.stat(key);
    if (!info) return undefined;
    if (info.size > maxBytes) throw new BlobTooLargeError(key, maxBytes);
    const stream = await this.get(key);
    return stream ? readLimited(stream, key, maxBytes) : undefined;
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertBlobKey(key);
    try {
      const result = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      return { size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertBlobKey);
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const result = await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length > 0) {
        const first = failed[0]!;
        throw new Error(
          `Could not delete ${failed.length} blob(s) from S3, e.g. ${first.Key}: ${first.Code} ${first.Message ?? ""}`.trim(),
        );
      }
    }
  }

  list(): AsyncIterable<BlobEntry[]> {
    return listObjects(this.#client, this.#bucket);
  }

  removeUnfinished(options: { before: Date; isOwnKey: (key: string) => boolean }): Promise<number> {
    return abortUnfinishedUploads(this.#client, this.#bucket, options);
  }

  destroy(): void {
    this.#client.destroy();
  }
}

/** Cut a stream into buffers of at least PART_SIZE bytes (the last may be smaller). */
async function* readParts(stream: Readable): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  let yielded = false;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    length += buffer.length;
    if (length >= PART_SIZE) {
      yield Buffer.concat(chunks, length);
      yielded = true;
      chunks = [];
      length = 0;
    }
  }
  // The tail, or one empty part for an empty stream.
  if (length > 0 || !yielded) yield Buffer.concat(chunks, length);
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
