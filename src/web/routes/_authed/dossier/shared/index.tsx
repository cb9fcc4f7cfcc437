import { createFileRoute } from "@tanstack/react-router";
import { preloadSharedWithMe } from "../../../../features/dossier/api/dossier-loaders.ts";
import { SharedPage } from "../../../../features/dossier/components/shared-page.tsx";
import { FolderPending } from "../../../../features/dossier/components/skeletons.tsx";
import { useDossierSearchChange } from "../../../../features/dossier/hooks/use-dossier-search-change.ts";
import { dossierSearchSchema } from "../../../../features/dossier/search.ts";

/** /dossier/shared: what others shared with me. */
export const Route = createFileRoute("/_authed/dossier/shared/")({
  validateSearch: dossierSearchSchema,
  loader: ({ context }) => preloadSharedWithMe(context.queryClient),
  pendingComponent: FolderPending,
  component: SharedRoute,
});

function SharedRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useDossierSearchChange(navigate);
  return <SharedPage search={search} onSearchChange={onSearchChange} />;
}
