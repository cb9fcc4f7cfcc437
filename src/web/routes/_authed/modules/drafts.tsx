import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { preloadDrafts } from "../../../features/drafts/api/draft-queries.ts";
import { DraftsPage } from "../../../features/drafts/components/drafts-page.tsx";
import { DraftsPending } from "../../../features/drafts/components/drafts-skeleton.tsx";
import { type DraftsSearch, draftsSearchSchema } from "../../../features/drafts/search.ts";

/** SPEC 2: /modules/drafts, the member's drafts in two panes (q, id, pending, status in the address). */
export const Route = createFileRoute("/_authed/modules/drafts")({
  validateSearch: draftsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadDrafts(context.queryClient, deps),
  pendingComponent: DraftsPending,
  component: DraftsRoute,
});

function DraftsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<DraftsSearch>, options: { replace?: boolean } = {}) =>
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        replace: options.replace,
      }),
    [navigate],
  );
  return <DraftsPage search={search} onSearchChange={onSearchChange} />;
}
