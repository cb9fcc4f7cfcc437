import { eq } from "drizzle-orm";
import { AppError, conflict } from "#shared/errors.ts";
import type { Draft } from "#shared/schemas/draft.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { modules } from "../db/schema.ts";
import { requireOwnDraft } from "./draft-access.ts";
import { draftPlainText, sanitizeDraftHtml } from "./draft-html.ts";
import { draftView } from "./draft-view.ts";
import { writeDraftVersion } from "./draft-writes.ts";

export interface UpdateDraftOptions {
  db: Executor;
  caller: Identity;
  draftId: string;
  /** The version the editor started from. */
  baseVersion: number;
  title?: string;
  content?: string;
}

/** Statuses a member may edit: what is being generated, or done with, is not. */
const NOT_EDITABLE: Record<string, string> = {
  pending: "This draft is still being generated. Wait until it is ready to edit it.",
  saved: "This draft has been saved into the dossier and can no longer be edited.",
  discarded: "This draft has been discarded and can no longer be edited.",
};

/**
 * Save the member's edit as the draft's next version (reason 'edited'). The
 * content is sanitized here, whatever the editor sent. A draft changed since
 * `baseVersion` (regenerated, edited in another tab) is CONFLICT: the
 * server's version stays as it is and the caller keeps their text.
 */
export async function updateDraft(options: UpdateDraftOptions): Promise<Draft> {
  const { db, caller } = options;
  const draft = await requireOwnDraft(db, caller, options.draftId, { forUpdate: true });
  const refusal = NOT_EDITABLE[draft.status];
  if (refusal) throw conflict(refusal);
  if (draft.version !== options.baseVersion) throw staleEdit(draft.version, options.baseVersion);
  const content =
    options.content === undefined ? draft.content : sanitizeDraftHtml(options.content);
  if (options.content !== undefined && !draftPlainText(content) && !/<(hr|table)\b/.test(content)) {
    throw new AppError("INVALID_ARGS", "The draft cannot be empty.", {
      issues: [{ path: "content", message: "The draft cannot be empty." }],
    });
  }
  const row = await writeDraftVersion(db, {
    draft,
    content,
    reason: "edited",
    userId: caller.userId,
    expectedVersion: options.baseVersion,
    title: options.title,
    // A failed run the member rewrote by hand is a draft to review like any other.
    status: draft.status === "failed" ? "ready" : undefined,
  });
  if (!row) throw staleEdit(undefined, options.baseVersion);
  const [module] = row.moduleId
    ? await db.select({ name: modules.name }).from(modules).where(eq(modules.id, row.moduleId))
    : [];
  return draftView(db, row, module?.name ?? null);
}

function staleEdit(current: number | undefined, base: number): AppError {
  return conflict(
    `This draft has changed since you started editing (you edited version ${base}${
      current ? `, it is now at version ${current}` : ""
    }). Your text was not saved: reload the draft, or copy your text first.`,
  );
}
