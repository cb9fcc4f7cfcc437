import type { QueryClient } from "@tanstack/react-query";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { firstDocumentPageOptions } from "./document-queries.ts";
import { folderAtPathOptions } from "./folder-queries.ts";
import {
  favoriteDocumentsPageOptions,
  favoriteFoldersOptions,
  sharedWithMeOptions,
} from "./share-queries.ts";

/**
 * The dossier routes' loaders: each fills the cache entries its page reads,
 * through the same options factories, so the page shows without a second
 * round trip. 'Authentication required' is left to the signed-in layout.
 */

/** /dossier and below: the folder tree. */
export async function preloadFolders(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(allFoldersOptions()));
}

/** /dossier: the first page of the top level's documents. */
export async function preloadTopLevel(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(firstDocumentPageOptions(null)));
}

/** /dossier/{path}: the folder at the path, then its first page of documents. */
export async function preloadFolderAtPath(
  queryClient: QueryClient,
  path: string | null,
): Promise<void> {
  if (!path) return;
  await ignoreAuthRequired(
    (async () => {
      const found = await queryClient.ensureQueryData(folderAtPathOptions(path));
      if (found) await queryClient.ensureQueryData(firstDocumentPageOptions(found._id));
    })(),
  );
}

/** /dossier/shared: what others shared with me. */
export async function preloadSharedWithMe(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(sharedWithMeOptions()));
}

/** /dossier/favorites (SPEC 2): the favorite folders and the first 20 favorite documents. */
export async function preloadFavorites(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(favoriteFoldersOptions()),
      queryClient.ensureQueryData(favoriteDocumentsPageOptions(null)),
    ]),
  );
}
