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
 *
 * The folder tree and the top level's first page are only started, not waited
 * for: the layout and the top level draw their frame, header and skeleton rows
 * at once and fill in as the data arrives (decision 016, "the first paint").
 * A page that cannot draw its header without the data (a folder by its path)
 * still waits for it.
 */

/** /dossier and below: the folder tree (started; the layout shows skeleton rows until then). */
export function preloadFolders(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(allFoldersOptions());
}

/** /dossier: the first page of the top level's documents (started, not waited for). */
export function preloadTopLevel(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(firstDocumentPageOptions(null));
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
