import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * s3rver (as in ./s3.ts) plus the two multipart calls it does not implement:
 * ListMultipartUploads (it answers NotImplemented) and AbortMultipartUpload
 * (MethodNotAllowed). Both are answered from s3rver's own store, where an
 * upload in progress is a directory `<bucket>/._S3rver_uploads/<uploadId>`
 * holding its key and parts; aborting removes that directory. Real S3 and
 * MinIO implement both; this lets tests run the sweep's calls end to end.
 * Used by startTestS3({ multipartListing: true }) in ./s3.ts.
 */

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface Upload {
  key: string;
  uploadId: string;
  initiated: Date;
}

export function multipartListing(directory: string): Middleware {
  const uploadsDir = (bucket: string) => join(directory, bucket, "._S3rver_uploads");
  return async (ctx, next) => {
    const [, bucket = "", ...keyParts] = ctx.path.split("/");
    const key = keyParts.map(decodeURIComponent).join("/");
    const one = (name: string) => {
      const value = ctx.query[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (ctx.method === "GET" && bucket && !key && "uploads" in ctx.query) {
      const uploads = await listUploads(uploadsDir(bucket));
      const max = Number(one("max-uploads") ?? 1000);
      const keyMarker = one("key-marker") ?? "";
      const idMarker = one("upload-id-marker") ?? "";
      const after = uploads.filter(
        (u) => u.key > keyMarker || (u.key === keyMarker && u.uploadId > idMarker),
      );
      const page = after.slice(0, max);
      const last = page.at(-1);
      const truncated = after.length > page.length;
      ctx.type = "application/xml";
      ctx.body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
        `<Bucket>${xml(bucket)}</Bucket><MaxUploads>${max}</MaxUploads>`,
        `<IsTruncated>${truncated}</IsTruncated>`,
        truncated && last
          ? `<NextKeyMarker>${xml(last.key)}</NextKeyMarker><NextUploadIdMarker>${last.uploadId}</NextUploadIdMarker>`
          : "",
        ...page.map(
          (u) =>
            `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
        ),
        "</ListMultipartUploadsResult>",
      ].join("");
      return;
    }
    const uploadId = one("uploadId");
    if (ctx.method === "DELETE" && key && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      const dir = join(uploadsDir(bucket), uploadId);
      const stored = await readFile(join(dir, "key"), "utf8").catch(() => undefined);
      if (stored !== key) {
        ctx.status = 404;
        ctx.type = "application/xml";
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
        return;
      }
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}

async function listUploads(dir: string): Promise<Upload[]> {
  const ids = await readdir(dir).catch(() => []);
  const uploads: Upload[] = [];
  for (const uploadId of ids) {
    const keyFile = join(dir, uploadId, "key");
    const key = await readFile(keyFile, "utf8").catch(() => undefined);
    if (key === undefined) continue;
    uploads.push({ key, uploadId, initiated: (await stat(keyFile)).mtime });
  }
  return uploads.sort((a, b) =>
    a.key === b.key ? a.uploadId.localeCompare(b.uploadId) : a.key < b.key ? -1 : 1,
  );
}

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
