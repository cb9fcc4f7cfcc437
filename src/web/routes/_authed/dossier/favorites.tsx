import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { preloadFavorites } from "../../../features/dossier/api/dossier-loaders.ts";
import { FavoritesPage } from "../../../features/dossier/components/favorites-page.tsx";
import { FolderPending } from "../../../features/dossier/components/skeletons.tsx";
import { type DossierSearch, dossierSearchSchema } from "../../../features/dossier/search.ts";

/** /dossier/favorites: my favorite folders, then my favorite documents (SPEC 2). */
export const Route = createFileRoute("/_authed/dossier/favorites")({
  validateSearch: dossierSearchSchema,
  loader: ({ context }) => preloadFavorites(context.queryClient),
  pendingComponent: FolderPending,
  component: FavoritesRoute,
});

function FavoritesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<DossierSearch>) =>
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        replace: patch.document === undefined,
      }),
    [navigate],
  );
  return <FavoritesPage search={search} onSearchChange={onSearchChange} />;
}
