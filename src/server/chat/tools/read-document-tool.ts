import { tool, zodSchema } from "ai";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { documents } from "../../db/schema.ts";
import { readableDocumentsCondition } from "../../dossier/access.ts";
import { isUuid } from "../../ids.ts";
import { runTool, type ToolContext, ToolError } from "./tool-context.ts";

/** One page of a document's text: enough to reason over, small enough for any context window. */
export const PAGE_CHARS = 8_000;

const NOT_FOUND = "Document not found. Use searchDocuments or listThreadDocuments to find ids.";

const inputSchema = zodSchema(
  z.object({
    documentId: z.string().trim().min(1).max(100).describe("The document's id."),
    from: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Character offset to start at; 0 or absent for the beginning."),
  }),
);

/**
 * readDocument: a document's extracted text, a page of ~8,000 characters at
 * a time from `from`. Only documents the caller may read (dossier/access.ts)
 * exist for it: any other id, whatever the model was told, is "not found".
 */
export function readDocumentTool(context: ToolContext) {
  return tool({
    description:
      "Read the text of one document of the user's dossier, about 8,000 characters at a time. " +
      "Pass `from` (the previous result's nextFrom) to continue. The page is numbered: cite it as [n].",
    inputSchema,
    execute: ({ documentId, from }) =>
      runTool(context, "readDocument", async () => {
        if (!isUuid(documentId)) throw new ToolError(NOT_FOUND);
        const start = from ?? 0;
        const [row] = await context.db
          .select({
            id: documents.id,
            name: documents.name,
            mimeType: documents.mimeType,
            fileName: documents.fileNameOriginal,
            status: documents.processingStatus,
            totalChars: sql<number>`coalesce(char_length(${documents.textContent}), 0)::int`,
            // Only the page asked for leaves the database, not a 50 MB text.
            page: sql<string | null>`substr(${documents.textContent}, ${start + 1}, ${PAGE_CHARS})`,
          })
          .from(documents)
          .where(and(eq(documents.id, documentId), readableDocumentsCondition(context)));
        if (!row) throw new ToolError(NOT_FOUND);
        if (row.status === "pending" || row.status === "processing") {
          throw new ToolError(`"${row.name}" is still being processed. Try again in a moment.`);
        }
        if (row.status === "failed") {
          throw new ToolError(`"${row.name}" could not be processed, so it has no text to read.`);
        }
        const text = row.page ?? "";
        if (row.totalChars > 0 && start >= row.totalChars) {
          throw new ToolError(`"${row.name}" has only ${row.totalChars} characters.`);
        }
        const to = start + text.length;
        const citation = context.citations.cite({
          documentId: row.id,
          documentName: row.name,
          mediaType: row.mimeType,
          fileName: row.fileName,
          chunkId: null,
          passage: text,
          location: { from: start, to },
        });
        return {
          citation,
          documentId: row.id,
          documentName: row.name,
          from: start,
          to,
          totalChars: row.totalChars,
          nextFrom: to < row.totalChars ? to : null,
          text: text || "(This document has no text.)",
        };
      }),
  });
}
