import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from "@aws-sdk/client-s3";
import { type BlobEntry, isValidBlobKey } from "./blob-storage.ts";

/**
 * What the orphan sweep (decision 014) asks of a bucket: every object, and
 * the multipart uploads never completed.
 */

/** ListObjectsV2, a page (up to 1,000 objects) at a time; keys the server could not have made are skipped. */
export async function* listObjects(client: S3Client, bucket: string): AsyncIterable<BlobEntry[]> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
    );
    const entries: BlobEntry[] = [];
    for (const object of page.Contents ?? []) {
      if (!object.Key || !object.LastModified || !isValidBlobKey(object.Key)) continue;
      entries.push({ key: object.Key, lastModified: object.LastModified });
    }
    if (entries.length > 0) yield entries;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Abort multipart uploads of our keys initiated before `before`: a process
 * killed mid-upload leaves its parts stored, and billed, until then.
 * Resolves with how many were aborted.
 */
export async function abortUnfinishedUploads(
  client: S3Client,
  bucket: string,
  options: { before: Date; isOwnKey: (key: string) => boolean },
): Promise<number> {
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  for (;;) {
    const page = await client.send(
      new ListMultipartUploadsCommand({
        Bucket: bucket,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
    for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
      if (!Key || !UploadId || !Initiated || Initiated >= options.before) continue;
      if (!isValidBlobKey(Key) || !options.isOwnKey(Key)) continue;
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
        aborted++;
      } catch (error) {
        // Completed or aborted meanwhile.
        if ((error as { name?: string }).name !== "NoSuchUpload") throw error;
      }
    }
    // A truncated page without a marker would list the first page again.
    if (!page.IsTruncated || !page.NextKeyMarker) return aborted;
    keyMarker = page.NextKeyMarker;
    uploadIdMarker = page.NextUploadIdMarker;
  }
}
