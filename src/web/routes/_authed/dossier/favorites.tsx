import { createFileRoute } from "@tanstack/react-router";
import { preloadFavorites } from "../../../features/dossier/api/dossier-loaders.ts";
import { FavoritesPage } from "../../../features/dossier/components/favorites-page.tsx";
import { FolderPending } from "../../../features/dossier/components/skeletons.tsx";
import { useDossierSearchChange } from "../../../features/dossier/hooks/use-dossier-search-change.ts";
import { dossierSearchSchema } from "../../../features/dossier/search.ts";

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
  const onSearchChange = useDossierSearchChange(navigate);
  return <FavoritesPage search={search} onSearchChange={onSearchChange} />;
}
