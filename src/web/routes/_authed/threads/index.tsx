import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadThreadList } from "../../../features/threads/api/thread-list-queries.ts";
import { ThreadsPage } from "../../../features/threads/components/threads-page.tsx";
import { ThreadsPending } from "../../../features/threads/components/threads-pending.tsx";

/** /threads: the user's threads grouped by date (SPEC 2, 5); fresh 2 minutes. */
export const Route = createFileRoute("/_authed/threads/")({
  loader: ({ context }) => preloadThreadList(context.queryClient),
  staleTime: STALE_TIME.threads,
  pendingComponent: ThreadsPending,
  component: ThreadsPage,
});
