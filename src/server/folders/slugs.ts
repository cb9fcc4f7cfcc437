import { createHash } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import { slugify } from "#shared/rules/slug.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { folderSubtree } from "./subtree.ts";

/**
 * Folder slugs and full slug paths ("contracts/2024"). A folder's `path` is
 * its parent's path plus its own slug, unique per organization, so a URL
 * such as /dossier/contracts/2024 finds exactly one folder.
 */

/**
 * How deep folders may nest: 32 levels of slugs of at most 60 characters keep
 * every path under the 2,000 characters a path lookup accepts.
 */
export const MAX_FOLDER_DEPTH = 32;

/**
 * A folder's slug: its name in lower-case ASCII ("Contracts 2024" ->
 * "contracts-2024"). A name with no ASCII letters or digits ("合同", "🚀") gets
 * "folder-" and a short hash of the name, so such siblings do not all collide.
 */
export function folderSlug(name: string): string {
  const slug = slugify(name, "");
  if (slug) return slug;
  const hash = createHash("sha256").update(name.normalize("NFC")).digest("hex");
  return `folder-${hash.slice(0, 8)}`;
}

export const childPath = (parentPath: string | null, slug: string): string =>
  parentPath ? `${parentPath}/${slug}` : slug;

export const depthOf = (path: string): number => path.split("/").length;

/**
 * A path as it comes from a URL, made comparable with stored paths: URL
 * decoding, surrounding and repeated slashes dropped, lower case. Undefined
 * when it cannot name a folder (empty, or broken percent-encoding).
 */
export function normalizeSlugPath(input: string): string | undefined {
  const segments: string[] = [];
  for (const raw of input.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // An encoded slash ("%2F") splits just like a plain one.
    for (const part of segment.split("/")) {
      const trimmed = part.trim().toLowerCase();
      if (trimmed) segments.push(trimmed);
    }
  }
  return segments.length > 0 ? segments.join("/") : undefined;
}

export function assertDepth(depth: number): void {
  if (depth > MAX_FOLDER_DEPTH) {
    throw conflict(`Folders can be nested at most ${MAX_FOLDER_DEPTH} levels deep.`);
  }
}

/** Refuse a path another folder of the organization already has, naming that folder. */
export async function assertPathFree(
  db: Executor,
  options: { organizationId: string; path: string; exceptId?: string },
): Promise<void> {
  const taken = await db
    .select({ name: folders.name })
    .from(folders)
    .where(
      and(
        eq(folders.organizationId, options.organizationId),
        eq(folders.path, options.path),
        options.exceptId ? ne(folders.id, options.exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken[0]) throw conflict(`A folder named "${taken[0].name}" already exists here.`);
}

/**
 * Give a folder a new path and every folder beneath it the matching one, in
 * one statement (a rename or a move of a whole subtree).
 */
export async function repathSubtree(
  db: Executor,
  options: { organizationId: string; oldPath: string; newPath: string },
): Promise<void> {
  const { organizationId, oldPath, newPath } = options;
  if (oldPath === newPath) return;
  await db
    .update(folders)
    .set({
      path: sql`${newPath}::text || substr(${folders.path}, ${oldPath.length + 1})`,
      updatedAt: new Date(),
    })
    .where(folderSubtree(organizationId, oldPath));
}

/** The deepest level below a folder (0 when it has no subfolders). */
export async function subtreeHeight(
  db: Executor,
  options: { organizationId: string; path: string },
): Promise<number> {
  const rows = await db
    .select({
      deepest: sql<number>`coalesce(max(array_length(string_to_array(${folders.path}, '/'), 1)), 0)::int`,
    })
    .from(folders)
    .where(
      and(
        eq(folders.organizationId, options.organizationId),
        sql`starts_with(${folders.path}, ${`${options.path}/`})`,
      ),
    );
  const deepest = Number(rows[0]?.deepest ?? 0);
  return deepest === 0 ? 0 : deepest - depthOf(options.path);
}
