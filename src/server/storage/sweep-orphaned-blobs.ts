import { inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { BlobStorage } from "./blob-storage.ts";

/**
 * One pass of the orphaned blob sweep (docs/decisions/014-orphaned-blobs.md).
 * A process killed mid-upload leaves an unfinished write (a `.part` file, an
 * incomplete S3 multipart upload) or a complete blob whose document row was
 * never inserted. Both are removed once older than the minimum age; a blob
 * that any row names is never touched, however old.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** Keys the server makes for documents: `<organizationId>/<documentId>`, previews `<key>.preview`. */
const DOCUMENT_BLOB_KEY = new RegExp(`^${UUID}/${UUID}(\\.preview)?$`);

/** Only keys shaped like the server's are swept: anything else in a shared bucket is left alone. */
export const isDocumentBlobKey = (key: string): boolean => DOCUMENT_BLOB_KEY.test(key);

export interface SweepOptions {
  database: Database;
  storage: BlobStorage;
  log: Logger;
  /** Younger blobs are kept: an upload in flight stores its blob before its row. */
  minAgeMs: number;
  /** Stops the pass between pages (the server is shutting down). */
  signal?: AbortSignal;
  /** For tests: the clock the minimum age is measured against. */
  now?: Date;
}

export interface SweepResult {
  /** Unfinished writes removed (temp files, multipart uploads). */
  unfinished: number;
  /** Complete blobs removed because no row names them. */
  orphans: number;
}

const lockRows = z.array(z.object({ locked: z.boolean() }));

/** Sweep once; undefined when another instance on the same PostgreSQL is already sweeping. */
export async function sweepOrphanedBlobs(options: SweepOptions): Promise<SweepResult | undefined> {
  const { database } = options;
  // PGlite is one process (the data dir is locked), and a long transaction would hold its one connection.
  if (database.kind === "pglite") return sweep(database.db, options);
  return database.db.transaction(async (tx) => {
    const result: unknown = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended('atrium:sweep-orphaned-blobs', 0)) as locked`,
    );
    const [row] = lockRows.parse(
      typeof result === "object" && result !== null && "rows" in result ? result.rows : [],
    );
    if (!row?.locked) return undefined;
    return sweep(tx, options);
  });
}

async function sweep(db: Executor, options: SweepOptions): Promise<SweepResult> {
  const { storage, log, signal } = options;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.minAgeMs);
  let unfinished = 0;
  try {
    unfinished = await storage.removeUnfinished({ before: cutoff, isOwnKey: isDocumentBlobKey });
  } catch (error) {
    // Some S3-compatible servers cannot list multipart uploads: still sweep the blobs.
    log.warn({ err: error, storage: storage.kind }, "could not remove unfinished uploads");
  }
  let orphans = 0;
  for await (const page of storage.list()) {
    signal?.throwIfAborted();
    const old = page
      .filter((entry) => entry.lastModified < cutoff && isDocumentBlobKey(entry.key))
      .map((entry) => entry.key);
    if (old.length === 0) continue;
    // Checked right before deleting, against both columns that name blobs.
    const referenced = await referencedKeys(db, old);
    const unreferenced = old.filter((key) => !referenced.has(key));
    if (unreferenced.length === 0) continue;
    await storage.delete(unreferenced);
    orphans += unreferenced.length;
  }
  const result = { unfinished, orphans };
  if (unfinished + orphans > 0) log.info(result, "removed orphaned blobs");
  else log.debug(result, "no orphaned blobs");
  return result;
}

/** Which of `keys` a document row names, as its file or its preview. */
async function referencedKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ storageId: documents.storageId, previewStorageId: documents.previewStorageId })
    .from(documents)
    .where(or(inArray(documents.storageId, keys), inArray(documents.previewStorageId, keys)));
  const found = new Set<string>();
  for (const row of rows) {
    found.add(row.storageId);
    if (row.previewStorageId) found.add(row.previewStorageId);
  }
  return found;
}
