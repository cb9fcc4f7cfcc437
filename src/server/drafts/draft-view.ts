import { and, count, eq, lt } from "drizzle-orm";
import type { Draft, DraftSummary } from "#shared/schemas/draft.ts";
import type { Executor } from "../db/database.ts";
import { draftVersions } from "../db/schema.ts";
import { draftExcerpt } from "./draft-html.ts";
import type { DraftRow } from "./draft-writes.ts";

/** A draft as the list shows it. */
export function draftSummaryView(row: DraftRow, moduleName: string | null): DraftSummary {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    title: row.title,
    status: row.status,
    moduleId: row.moduleId,
    moduleName,
    executionId: row.executionId,
    excerpt: draftExcerpt(row.content),
    version: row.version,
    fileName: row.fileName,
    savedDocumentId: row.savedDocumentId,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** A draft with its content, as the preview shows it. */
export async function draftView(
  db: Executor,
  row: DraftRow,
  moduleName: string | null,
): Promise<Draft> {
  const [earlier] = await db
    .select({ n: count() })
    .from(draftVersions)
    .where(and(eq(draftVersions.draftId, row.id), lt(draftVersions.version, row.version)));
  return {
    ...draftSummaryView(row, moduleName),
    content: row.content,
    citations: row.citations.flatMap((c) => {
      const n = Number(c.n);
      if (!Number.isFinite(n)) return [];
      return [
        {
          n,
          documentId: String(c.documentId ?? ""),
          documentName: String(c.documentName ?? ""),
          quote: String(c.quote ?? ""),
        },
      ];
    }),
    fileMimeType: row.fileMimeType,
    fileSize: row.fileSize,
    error: row.error,
    hasPreviousVersion: (earlier?.n ?? 0) > 0,
  };
}
