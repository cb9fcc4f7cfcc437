import * as documentsApi from "#shared/api/documents.ts";
import * as foldersApi from "#shared/api/folders.ts";
import * as sharesApi from "#shared/api/shares.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import type { ShareEntityType } from "#shared/schemas/share.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Sharing and favorites (decision 023): what the shared area, favorites and share dialog read. */

/** What others shared with me (null: the top level), or one shared folder's children. */
export const sharedWithMeOptions = (parentId: string | null = null) =>
  liveQueryOptions(sharesApi.listSharedWithMe, parentId ? { parentId } : {});

/** Who has access to something I own, for the share dialog. */
export const entityAccessOptions = (entityType: ShareEntityType, entityId: string) =>
  liveQueryOptions(sharesApi.listForEntity, { entityType, entityId });

/** My favorite folders. */
export const favoriteFoldersOptions = () => liveQueryOptions(foldersApi.listFavorites, {});

/** One page of my favorite documents (SPEC 9: 20, with html content and summary). */
export const favoriteDocumentsPageOptions = (cursor: string | null) =>
  liveQueryOptions(documentsApi.listFavorites, {
    paginationOpts: { numItems: PAGE_SIZE.favorites, cursor },
    fields: ["htmlContent", "summary"],
  });
