import * as foldersApi from "#shared/api/folders.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * The dossier's folder queries (the whole folder list is in
 * lib/shared-queries.ts: the chat reads it too).
 */

/** The folder at a slug path ("contracts/2024"), or null: folders.getFolderIdByFullSlugPath. */
export const folderAtPathOptions = (path: string) =>
  liveQueryOptions(foldersApi.getFolderIdByFullSlugPath, { path });

/** What deleting a folder takes with it (the folder itself counted), for the delete dialog. */
export const removalSummaryOptions = (folderId: string) =>
  liveQueryOptions(foldersApi.getRemovalSummary, { folderId });
