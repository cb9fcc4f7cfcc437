import { createFileRoute, Outlet } from "@tanstack/react-router";
import { preloadFolders } from "../../features/dossier/api/dossier-loaders.ts";
import { DossierLayout } from "../../features/dossier/components/dossier-layout.tsx";
import { DossierPending } from "../../features/dossier/components/skeletons.tsx";

/** /dossier and everything below it: the folder tree beside the folder on screen. */
export const Route = createFileRoute("/_authed/dossier")({
  loader: ({ context }) => preloadFolders(context.queryClient),
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
