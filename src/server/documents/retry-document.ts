import { and, eq } from "drizzle-orm";
import { conflict, notFound } from "#shared/errors.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, requireDocumentAccess } from "../dossier/access.ts";
import { enqueueProcessing } from "../ingest/enqueue-processing.ts";
import { getDocumentSummary } from "./document-queries.ts";

/** The job kind the document worker runs; its payload is `{ documentId }`. */
export interface RetryDocumentOptions {
  db: Executor;
  caller: DossierCaller;
  documentId: string;
}

const NOT_FAILED: Record<string, string> = {
  pending: "This document is already waiting to be processed.",
  processing: "This document is being processed right now.",
  completed: "This document was processed successfully; only a failed document can be retried.",
};

/**
 * Process a failed document again: back to pending with its error cleared,
 * and a new job. The status check and the change are one statement, so two
 * clicks on Retry queue one job.
 */
export async function retryDocument(options: RetryDocumentOptions): Promise<DocumentSummary> {
  const { db, caller } = options;
  const { document } = await requireDocumentAccess(db, caller, options.documentId, "edit");
  const { organizationId, id: documentId } = document;
  const [row] = await db
    .update(documents)
    .set({ processingStatus: "pending", processingError: null, updatedAt: new Date() })
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.organizationId, organizationId),
        eq(documents.processingStatus, "failed"),
      ),
    )
    .returning({ id: documents.id });
  if (!row) {
    const [current] = await db
      .select({ status: documents.processingStatus })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.organizationId, organizationId)));
    if (!current) throw notFound("Document");
    throw conflict(NOT_FAILED[current.status] ?? "Only a failed document can be retried.");
  }
  await enqueueProcessing(db, { organizationId, documentId: row.id });
  return getDocumentSummary(db, caller, row.id);
}
