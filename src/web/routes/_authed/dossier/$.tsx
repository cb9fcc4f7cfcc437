import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { api } from "#shared/api/index.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { FolderAtPath } from "../../../features/dossier/components/folder-at-path.tsx";
import { FolderPending } from "../../../features/dossier/components/skeletons.tsx";
import { firstPageArgs, normalizeFolderPath } from "../../../features/dossier/lib/folder-path.ts";
import { type DossierSearch, dossierSearchSchema } from "../../../features/dossier/search.ts";
import { liveQueryOptions, useLiveSuspenseQuery } from "../../../lib/sync/live-query.ts";

/** /dossier/{path}: a folder by its slug path, e.g. /dossier/contracts/2024. */
export const Route = createFileRoute("/_authed/dossier/$")({
  validateSearch: dossierSearchSchema,
  loader: ({ context, params }) =>
    ignoreAuthRequired(
      (async () => {
        const path = normalizeFolderPath(params._splat);
        if (!path) return null;
        const { queryClient } = context;
        const found = await queryClient.ensureQueryData(
          liveQueryOptions(api.folders.getFolderIdByFullSlugPath, { path }),
        );
        if (found) {
          await queryClient.ensureQueryData(
            liveQueryOptions(
              api.documents.list,
              firstPageArgs(found._id, PAGE_SIZE.dossierFirstPage),
            ),
          );
        }
        return found;
      })(),
    ),
  pendingComponent: FolderPending,
  component: FolderRoute,
});

function FolderRoute() {
  const { _splat: rawPath = "" } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: folders } = useLiveSuspenseQuery(api.folders.getAll, {});
  const onSearchChange = useCallback(
    (patch: Partial<DossierSearch>) =>
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        replace: patch.document === undefined,
      }),
    [navigate],
  );
  const onPathChange = useCallback(
    (path: string) =>
      void navigate({
        to: "/dossier/$",
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
