import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { preloadFolderAtPath } from "../../../../features/dossier/api/dossier-loaders.ts";
import { FolderAtPath } from "../../../../features/dossier/components/folder-at-path.tsx";
import { FolderPending } from "../../../../features/dossier/components/skeletons.tsx";
import { useDossierSearchChange } from "../../../../features/dossier/hooks/use-dossier-search-change.ts";
import { normalizeFolderPath } from "../../../../features/dossier/lib/folder-path.ts";
import { dossierSearchSchema } from "../../../../features/dossier/search.ts";
import { allFoldersOptions } from "../../../../lib/shared-queries.ts";

/** /dossier/shared/{path}: a folder shared with me, browsed like my own dossier. */
export const Route = createFileRoute("/_authed/dossier/shared/$")({
  validateSearch: dossierSearchSchema,
  loader: ({ context, params }) =>
    preloadFolderAtPath(context.queryClient, normalizeFolderPath(params._splat)),
  pendingComponent: FolderPending,
  component: FolderRoute,
});

function FolderRoute() {
  const { _splat: rawPath = "" } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: folders } = useSuspenseQuery(allFoldersOptions());
  const onSearchChange = useDossierSearchChange(navigate);
  const onPathChange = useCallback(
    (path: string) =>
      void navigate({
        to: "/dossier/shared/$",
        params: { _splat: path },
        search: (previous) => previous,
        replace: true,
      }),
    [navigate],
  );
  return (
    <FolderAtPath
      path={normalizeFolderPath(rawPath)}
      rawPath={rawPath}
      folders={folders}
      search={search}
      onSearchChange={onSearchChange}
      onPathChange={onPathChange}
    />
  );
}
