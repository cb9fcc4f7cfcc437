import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, readableDocumentsCondition } from "../dossier/access.ts";
import { getDocumentSummary } from "./document-queries.ts";
import { updateEditableDocument } from "./update-document.ts";

/**
 * Tags (decision 031): a document's `tags`, and its primary tag (SPEC's
 * primaryTagName, the list's Type column), which is always one of them so the
 * tag filter reads `tags` alone. Tags compare exactly; two spellings that
 * differ only in case are merged on write (the first one typed wins).
 */
export function normalizeTags(
  tags: readonly string[],
  primaryTagName: string | null,
): { tags: string[]; primaryTagName: string | null } {
  const seen = new Map<string, string>();
  const all = primaryTagName ? [primaryTagName, ...tags] : tags;
  for (const raw of all) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  const primary = primaryTagName ? (seen.get(primaryTagName.trim().toLowerCase()) ?? null) : null;
  return { tags: [...seen.values()], primaryTagName: primary };
}

/** Set a document's tags and primary tag: its owner, an editor, or the owner of its folder. */
export async function setDocumentTags(options: {
  db: Executor;
  caller: DossierCaller;
  documentId: string;
  tags: string[];
  primaryTagName: string | null;
}): Promise<DocumentSummary> {
  const { db, caller } = options;
  const next = normalizeTags(options.tags, options.primaryTagName);
  const id = await updateEditableDocument(db, caller, options.documentId, {
    tags: next.tags,
    primaryTagName: next.primaryTagName,
    updatedAt: new Date(),
  });
  return getDocumentSummary(db, caller, id);
}

const MAX_TAGS_LISTED = 200;

/** The tags on documents the caller may read, most used first (the tag filter's choices). */
export async function listTags(
  db: Executor,
  caller: DossierCaller,
): Promise<{ name: string; count: number }[]> {
  if (!caller.organizationId) return [];
  const result = await db.execute(sql`
    select t.name, count(*)::int as count
    from ${documents}
    cross join lateral jsonb_array_elements_text(${documents.tags}) as t(name)
    where jsonb_array_length(${documents.tags}) > 0 and ${readableDocumentsCondition(caller)}
    group by t.name
    order by count(*) desc, t.name
    limit ${MAX_TAGS_LISTED}`);
  return z
    .array(z.object({ name: z.string(), count: z.coerce.number() }))
    .parse((result as { rows: unknown }).rows);
}

const SUGGESTIONS_EACH = 5;

/**
 * What the search box suggests while typing: tags, then names of readable
 * documents, that start with the text (or contain it), at most 5 of each.
 */
export async function suggest(
  db: Executor,
  caller: DossierCaller,
  prefix: string,
): Promise<{ kind: "document" | "tag"; text: string }[]> {
  if (!caller.organizationId) return [];
  const needle = prefix.trim().toLowerCase();
  if (!needle) return [];
  const readable = readableDocumentsCondition(caller);
  const tags = await db.execute(sql`
    select t.name as text, bool_or(starts_with(lower(t.name), ${needle})) as starts
    from ${documents}
    cross join lateral jsonb_array_elements_text(${documents.tags}) as t(name)
    where jsonb_array_length(${documents.tags}) > 0
      and strpos(lower(t.name), ${needle}) > 0 and ${readable}
    group by t.name
    order by starts desc, count(*) desc, t.name
    limit ${SUGGESTIONS_EACH}`);
  const names = await db.execute(sql`
    select ${documents.name} as text
    from ${documents}
    where ${documents.organizationId} = ${caller.organizationId}
      and strpos(lower(${documents.name}), ${needle}) > 0 and ${readable}
    order by starts_with(lower(${documents.name}), ${needle}) desc, ${documents.updatedAt} desc
    limit ${SUGGESTIONS_EACH}`);
  const rows = z.array(z.object({ text: z.string() }));
  const seen = new Set<string>();
  const out: { kind: "document" | "tag"; text: string }[] = [];
  for (const row of rows.parse((tags as { rows: unknown }).rows)) {
    out.push({ kind: "tag", text: row.text });
  }
  for (const row of rows.parse((names as { rows: unknown }).rows)) {
    if (seen.has(row.text)) continue;
    seen.add(row.text);
    out.push({ kind: "document", text: row.text });
  }
  return out;
}
