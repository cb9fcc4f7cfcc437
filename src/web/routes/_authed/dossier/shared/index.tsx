import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { preloadSharedWithMe } from "../../../../features/dossier/api/dossier-loaders.ts";
import { SharedPage } from "../../../../features/dossier/components/shared-page.tsx";
import { FolderPending } from "../../../../features/dossier/components/skeletons.tsx";
import { type DossierSearch, dossierSearchSchema } from "../../../../features/dossier/search.ts";

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
  const onSearchChange = useCallback(
    (patch: Partial<DossierSearch>) =>
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        replace: patch.document === undefined,
      }),
    [navigate],
  );
  return <SharedPage search={search} onSearchChange={onSearchChange} />;
}
