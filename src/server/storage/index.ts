import type { Config } from "../config.ts";
import type { BlobStorage } from "./blob-storage.ts";
import { LocalBlobStorage } from "./local.ts";

export type { BlobStorage } from "./blob-storage.ts";

/**
 * The configured blob storage: S3-compatible when S3_BUCKET is set (its bucket
 * is checked, and created when missing, before the server starts), else
 * DATA_DIR/blobs. The S3 client is loaded only then (decision 032).
 */
export async function createBlobStorage(
  config: Pick<Config, "s3" | "blobDir">,
): Promise<BlobStorage> {
  if (!config.s3) return new LocalBlobStorage(config.blobDir);
  const { S3BlobStorage } = await import("./s3.ts");
  const storage = new S3BlobStorage(config.s3);
  try {
    await storage.ensureBucket();
  } catch (error) {
    storage.destroy();
    throw error;
  }
  return storage;
}
