import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { api } from "#shared/api/index.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { FolderPage } from "../../../features/dossier/components/folder-page.tsx";
import { FolderPending } from "../../../features/dossier/components/skeletons.tsx";
import { firstPageArgs } from "../../../features/dossier/lib/folder-path.ts";
import { type DossierSearch, dossierSearchSchema } from "../../../features/dossier/search.ts";
import { liveQueryOptions, useLiveSuspenseQuery } from "../../../lib/sync/live-query.ts";

/** /dossier: the top level of the dossier. */
export const Route = createFileRoute("/_authed/dossier/")({
  validateSearch: dossierSearchSchema,
  loader: ({ context }) =>
    ignoreAuthRequired(
      context.queryClient.ensureQueryData(
        liveQueryOptions(api.documents.list, firstPageArgs(null, PAGE_SIZE.dossierFirstPage)),
      ),
    ),
  pendingComponent: FolderPending,
  component: DossierIndexRoute,
});

function DossierIndexRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: folders } = useLiveSuspenseQuery(api.folders.getAll, {});
  const onSearchChange = useCallback(
    (patch: Partial<DossierSearch>) =>
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        // Opening a document is a step Back undoes; typing a search is not.
        replace: patch.document === undefined,
      }),
    [navigate],
  );
  return (
    <FolderPage folder={null} folders={folders} search={search} onSearchChange={onSearchChange} />
  );
}
