import { and, eq } from "drizzle-orm";
import { FILE_TYPE_INFO } from "#shared/file-types.ts";
import { slugify } from "#shared/rules/slug.ts";
import { documents, folders } from "../db/schema.ts";
import { createFolder } from "../folders/create-folder.ts";
import { newId } from "../ids.ts";
import { enqueueProcessing } from "../ingest/enqueue-processing.ts";
import type { DemoContext } from "./demo-context.ts";
import { DEMO_DOCUMENTS, DEMO_FOLDERS } from "./dossier-content.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo dossier: folders, and one document of every accepted type stored
 * as a real blob, left pending with a 'process-document' job, exactly as an
 * upload leaves it, so a running server processes them. Skipped when the
 * organization already has the demo's first folder.
 */
export async function seedDemoDossier(ctx: DemoContext): Promise<void> {
  const { db, organizationId, storage } = ctx;
  const marker = slugify(DEMO_FOLDERS[0]!.name);
  const seeded = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.organizationId, organizationId), eq(folders.path, marker)));
  if (seeded.length > 0) return;

  const folderIds = new Map<string, string>();
  for (const folder of DEMO_FOLDERS) {
    const created = await createFolder({
      db,
      organizationId,
      caller: { userId: ctx.userIds.admin, organizationId },
      name: folder.name,
      parentId: folder.parent ? folderIds.get(folder.parent) : null,
    });
    folderIds.set(folder.name, created._id);
  }

  const stored: string[] = [];
  try {
    const now = Date.now();
    for (const demo of DEMO_DOCUMENTS) {
      const bytes = await demo.make();
      const id = newId();
      const storageId = `${organizationId}/${id}`;
      const { mimeType } = FILE_TYPE_INFO[demo.type];
      await storage.put(storageId, bytes, { contentType: mimeType });
      stored.push(storageId);
      const createdAt = new Date(now - demo.daysAgo * DAY_MS - stored.length * 60_000);
      await db.insert(documents).values({
        id,
        organizationId,
        folderId: demo.folder ? (folderIds.get(demo.folder) ?? null) : null,
        ownerId: ctx.userIds[demo.owner],
        storageId,
        name: demo.fileName,
        fileNameOriginal: demo.fileName,
        fileType: demo.type,
        mimeType,
        size: bytes.length,
        processingStatus: "pending",
        createdAt,
        updatedAt: createdAt,
      });
      await enqueueProcessing(db, { organizationId, documentId: id });
    }
  } catch (error) {
    // The rows roll back with the seed's transaction; do not leave their blobs behind.
    await storage.delete(stored);
    throw error;
  }
}
