import { and, eq } from "drizzle-orm";
import type { DraftStatus } from "#shared/schemas/draft.ts";
import type { Executor } from "../db/database.ts";
import { drafts, draftVersions } from "../db/schema.ts";
import { newId } from "../ids.ts";

/**
 * The one way drafts and their versions are written (decision 018), by runs
 * (generated, regenerated) and by the member's edits. draft_versions holds one
 * row per version, the current one included: drafts.version is the latest
 * row's version and drafts.content its content, so "compare with the previous
 * version" reads version - 1.
 */

export type DraftRow = typeof drafts.$inferSelect;
export type DraftVersionReason = "generated" | "edited" | "regenerated";

export interface NewDraft {
  organizationId: string;
  userId: string;
  executionId: string | null;
  moduleId: string | null;
  /** A workflow run's final output (decision 028). */
  workflowRunId?: string | null;
  title: string;
  /** pending while a run still streams into it; ready when written whole. */
  status: Extract<DraftStatus, "pending" | "ready">;
  /** Sanitized HTML. */
  content: string;
  citations?: Array<Record<string, unknown>>;
  file?: { storageId: string; name: string; mimeType: string; size: number };
}

/** A new draft at version 1 (reason generated), in the caller's transaction. */
export async function insertDraft(db: Executor, draft: NewDraft): Promise<DraftRow> {
  const now = new Date();
  const id = newId();
  const [row] = await db
    .insert(drafts)
    .values({
      id,
      organizationId: draft.organizationId,
      userId: draft.userId,
      executionId: draft.executionId,
      moduleId: draft.moduleId,
      workflowRunId: draft.workflowRunId ?? null,
      title: draft.title,
      status: draft.status,
      content: draft.content,
      citations: draft.citations ?? [],
      version: 1,
      fileStorageId: draft.file?.storageId ?? null,
      fileName: draft.file?.name ?? null,
      fileMimeType: draft.file?.mimeType ?? null,
      fileSize: draft.file?.size ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(draftVersions).values({
    id: newId(),
    organizationId: draft.organizationId,
    draftId: id,
    version: 1,
    content: draft.content,
    reason: "generated",
    createdBy: draft.userId,
    createdAt: now,
  });
  return row!;
}

/**
 * Write a draft's next version: bumps drafts.version, sets its content (and
 * citations, status or title when given) and records the version row. The
 * caller has checked who may write it; `expectedVersion`, when given, makes a
 * concurrent change a no-op answered with undefined (the caller says CONFLICT).
 */
export async function writeDraftVersion(
  db: Executor,
  options: {
    draft: Pick<DraftRow, "id" | "organizationId" | "version">;
    content: string;
    reason: DraftVersionReason;
    userId: string | null;
    expectedVersion?: number;
    title?: string;
    status?: DraftStatus;
    citations?: Array<Record<string, unknown>>;
  },
): Promise<DraftRow | undefined> {
  const now = new Date();
  const from = options.expectedVersion ?? options.draft.version;
  const [row] = await db
    .update(drafts)
    .set({
      content: options.content,
      version: from + 1,
      updatedAt: now,
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.status === undefined ? {} : { status: options.status }),
      ...(options.citations === undefined ? {} : { citations: options.citations }),
    })
    .where(and(eq(drafts.id, options.draft.id), eq(drafts.version, from)))
    .returning();
  if (!row) return undefined;
  await db.insert(draftVersions).values({
    id: newId(),
    organizationId: options.draft.organizationId,
    draftId: options.draft.id,
    version: row.version,
    content: options.content,
    reason: options.reason,
    createdBy: options.userId,
    createdAt: now,
  });
  return row;
}
