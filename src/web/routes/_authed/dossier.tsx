import { createFileRoute, Outlet } from "@tanstack/react-router";
import { api } from "#shared/api/index.ts";
import { ignoreAuthRequired } from "../../components/loader-guard.ts";
import { DossierLayout } from "../../features/dossier/components/dossier-layout.tsx";
import { DossierPending } from "../../features/dossier/components/skeletons.tsx";
import { liveQueryOptions } from "../../lib/sync/live-query.ts";

/** /dossier and everything below it: the folder tree beside the folder on screen. */
export const Route = createFileRoute("/_authed/dossier")({
  loader: ({ context }) =>
    ignoreAuthRequired(
      context.queryClient.ensureQueryData(liveQueryOptions(api.folders.getAll, {})),
    ),
  pendingComponent: DossierPending,
  component: DossierRoute,
});

function DossierRoute() {
  return (
    <DossierLayout>
      <Outlet />
    </DossierLayout>
  );
}
