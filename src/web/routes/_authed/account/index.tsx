import { createFileRoute } from "@tanstack/react-router";
import { api } from "#shared/api/index.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { AccountPage } from "../../../features/account/components/account-page.tsx";
import { AccountPending } from "../../../features/account/components/account-pending.tsx";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

export const Route = createFileRoute("/_authed/account/")({
  loader: ({ context }) =>
    ignoreAuthRequired(
      context.queryClient.ensureQueryData(
        liveQueryOptions(api.users.getMe, {}, { staleTime: STALE_TIME.account }),
      ),
    ),
  staleTime: STALE_TIME.account,
  pendingComponent: AccountPending,
  component: AccountPage,
});
