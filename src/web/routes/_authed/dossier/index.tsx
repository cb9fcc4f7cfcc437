import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useMemo } from "react";
import { preloadTopLevel } from "../../../features/dossier/api/dossier-loaders.ts";
import { FolderPage } from "../../../features/dossier/components/folder-page.tsx";
import { FolderPending } from "../../../features/dossier/components/skeletons.tsx";
import { useDossierSearchChange } from "../../../features/dossier/hooks/use-dossier-search-change.ts";
import { dossierSearchSchema } from "../../../features/dossier/search.ts";
import { ownFolders } from "../../../lib/folder-tree.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";

/** /dossier: the top level of the dossier. */
export const Route = createFileRoute("/_authed/dossier/")({
  validateSearch: dossierSearchSchema,
  loader: ({ context }) => preloadTopLevel(context.queryClient),
  pendingComponent: FolderPending,
  component: DossierIndexRoute,
});

function DossierIndexRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Not suspended on: the header and skeleton rows paint before the folders arrive.
  const { data: folders } = useQuery({ ...allFoldersOptions(), throwOnError: true });
  const mine = useMemo(() => (folders ? ownFolders(folders) : []), [folders]);
  const onSearchChange = useDossierSearchChange(navigate);
  return (
    <FolderPage
      folder={null}
      folders={mine}
      foldersLoading={!folders}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
