import { tool, zodSchema } from "ai";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { documents, threadDocuments } from "../../db/schema.ts";
import { readableDocumentsCondition } from "../../dossier/access.ts";
import { runTool, type ToolContext } from "./tool-context.ts";

const SUMMARY_CHARS = 500;

export interface ThreadDocument {
  documentId: string;
  name: string;
  fileType: string;
  processingStatus: string;
  summary: string | null;
}

/** The documents attached to a thread that its member may still read, in the order they were attached. */
export async function listThreadDocuments(
  context: Pick<ToolContext, "db" | "organizationId" | "threadId" | "userId">,
  limit = 100,
): Promise<ThreadDocument[]> {
  const rows = await context.db
    .select({
      documentId: documents.id,
      name: documents.name,
      fileType: documents.fileType,
      processingStatus: documents.processingStatus,
      summary: documents.summary,
    })
    .from(threadDocuments)
    .innerJoin(documents, eq(documents.id, threadDocuments.documentId))
    .where(
      and(
        eq(threadDocuments.threadId, context.threadId),
        eq(threadDocuments.organizationId, context.organizationId),
        readableDocumentsCondition(context),
      ),
    )
    .orderBy(asc(threadDocuments.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    summary:
      row.summary && row.summary.length > SUMMARY_CHARS
        ? `${row.summary.slice(0, SUMMARY_CHARS)}…`
        : row.summary,
  }));
}

const inputSchema = zodSchema(z.object({}));

/** listThreadDocuments: what the user attached to this conversation. */
export function listThreadDocumentsTool(context: ToolContext) {
  return tool({
    description:
      "List the documents attached to this conversation (id, name, type, processing status, summary).",
    inputSchema,
    execute: () =>
      runTool(context, "listThreadDocuments", async () => {
        const attached = await listThreadDocuments(context);
        return {
          documents: attached,
          ...(attached.length === 0
            ? { note: "No document is attached to this conversation." }
            : {}),
        };
      }),
  });
}
