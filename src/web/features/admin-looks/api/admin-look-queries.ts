import * as adminLooksApi from "#shared/api/admin-looks.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * /admin/dossier and /admin/chat (decision 024). Every read that opens a
 * folder, a document or a thread is recorded by the server as a look.
 */

export const adminFolderOptions = (organizationId: string, folderId: string | null) =>
  liveQueryOptions(adminLooksApi.listFolder, { organizationId, folderId }, { preferSocket: true });

export const adminDocumentOptions = (documentId: string) =>
  liveQueryOptions(adminLooksApi.getDocument, { documentId }, { preferSocket: true });

export const THREADS_PAGE_SIZE = 30;

export const adminThreadsOptions = (
  filter: { organizationId?: string; search?: string },
  cursor: string | null,
) =>
  liveQueryOptions(adminLooksApi.listThreads, {
    ...filter,
    paginationOpts: { numItems: THREADS_PAGE_SIZE, cursor },
  });

export const adminThreadOptions = (threadId: string) =>
  liveQueryOptions(adminLooksApi.getThread, { threadId }, { preferSocket: true });

/** Where a superadmin downloads or previews any document (an audited HTTP route). */
export const adminDownloadHref = (documentId: string) =>
  `/api/admin/documents/${encodeURIComponent(documentId)}/download`;
export const adminPreviewSrc = (documentId: string) =>
  `/api/admin/documents/${encodeURIComponent(documentId)}/preview`;
