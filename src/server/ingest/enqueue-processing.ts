import type { Executor } from "../db/database.ts";
import { enqueueJob } from "../jobs/queue.ts";

/** The job kind that processes one uploaded document (process-document-job.ts). */
export const PROCESS_DOCUMENT_JOB = "process-document";

/** Queue a document for processing, in the caller's transaction. */
export function enqueueProcessing(
  db: Executor,
  document: { organizationId: string; documentId: string },
): Promise<string> {
  return enqueueJob(db, {
    kind: PROCESS_DOCUMENT_JOB,
    organizationId: document.organizationId,
    payload: { documentId: document.documentId },
  });
}
