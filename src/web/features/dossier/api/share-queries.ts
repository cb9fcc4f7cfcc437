import { api } from "#shared/api/index.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import type { ShareEntityType } from "#shared/schemas/share.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Sharing and favorites (decision 023): what the shared area, favorites and share dialog read. */

/** What others shared with me (null: the top level), or one shared folder's children. */
export const sharedWithMeOptions = (parentId: string | null = null) =>
  liveQueryOptions(api.shares.listSharedWithMe, parentId ? { parentId } : {});

/** Who has access to something I own, for the share dialog. */
export const entityAccessOptions = (entityType: ShareEntityType, entityId: string) =>
  liveQueryOptions(api.shares.listForEntity, { entityType, entityId });

/** My favorite folders. */
export const favoriteFoldersOptions = () => liveQueryOptions(api.folders.listFavorites, {});

/** One page of my favorite documents (SPEC 9: 20, with html content and summary). */
export const favoriteDocumentsPageOptions = (cursor: string | null) =>
  liveQueryOptions(api.documents.listFavorites, {
    paginationOpts: { numItems: PAGE_SIZE.favorites, cursor },
    fields: ["htmlContent", "summary"],
  });
