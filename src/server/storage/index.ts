import type { Config } from "../config.ts";
import type { BlobStorage } from "./blob-storage.ts";
import { LocalBlobStorage } from "./local.ts";

export type { BlobStorage } from "./blob-storage.ts";

/** The configured blob storage: S3-compatible when S3_BUCKET is set, else DATA_DIR/blobs. */
export async function createBlobStorage(config: Config): Promise<BlobStorage> {
  return new LocalBlobStorage(config.blobDir);
}
