import { z } from "zod";
import type { JobHandler } from "../jobs/types.ts";
import type { PassageEmbedder } from "./chunk-embeddings.ts";
import { PROCESS_DOCUMENT_JOB } from "./enqueue-processing.ts";
import {
  GAVE_UP_MESSAGE,
  markDocumentFailed,
  processDocument,
  type Summarizer,
} from "./process-document.ts";

const payloadSchema = z.object({ documentId: z.uuid() });

/**
 * Job kind 'process-document' ({documentId}): extract a document's text,
 * HTML, summary, chunks and preview. Results and the job's completion commit
 * in one transaction. When every attempt failed, the document shows a reason
 * instead of staying "processing".
 */
export function processDocumentJob(
  options: { summarize?: Summarizer; embed?: PassageEmbedder } = {},
): JobHandler {
  return {
    kind: PROCESS_DOCUMENT_JOB,
    async run(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) {
        ctx.log.error({ payload: ctx.job.payload }, "process-document job without a document id");
        return;
      }
      const outcome = await processDocument({
        services: ctx.services,
        documentId: parsed.data.documentId,
        signal: ctx.signal,
        onCommit: ctx.complete,
        summarize: options.summarize,
        embed: options.embed,
      });
      ctx.log.info({ documentId: parsed.data.documentId, outcome }, "processed a document");
    },
    async onGiveUp(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      await markDocumentFailed(ctx.services.database.db, parsed.data.documentId, GAVE_UP_MESSAGE);
    },
  };
}
