import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findFreePort } from "./postgres.ts";
import { type Middleware, multipartListing } from "./s3-multipart-listing.ts";

/** The part of s3rver (an S3-compatible server, no types of its own) these tests use. */
interface S3rverInstance {
  /** Koa middleware, composed when the server starts. */
  middleware: Middleware[];
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

export interface TestS3 {
  endpoint: string;
  /** s3rver's fixed credentials (it checks request signatures against them). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point the server at this store and a bucket. */
  env(bucket: string): Record<string, string>;
  /** Settings in the shape of Config["s3"]. */
  settings(bucket: string): {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on a free loopback port, storing into a fresh temp dir; with
 * `multipartListing`, it also answers ListMultipartUploads and AbortMultipartUpload.
 */
export async function startTestS3(options: { multipartListing?: boolean } = {}): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "atrium-s3-"));
  const port = await findFreePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    vhostBuckets: false,
  });
  // Before s3rver's own router.
  if (options.multipartListing) server.middleware.unshift(multipartListing(directory));
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    ...credentials,
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    }),
    settings: (bucket) => ({
      endpoint,
      bucket,
      region: "us-east-1",
      forcePathStyle: true,
      ...credentials,
    }),
    async stop() {
      try {
        await server.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
