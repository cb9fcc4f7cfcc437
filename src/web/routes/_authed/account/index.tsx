import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadAccount } from "../../../features/account/api/account-loaders.ts";
import { AccountPage } from "../../../features/account/components/account-page.tsx";
import { AccountPending } from "../../../features/account/components/account-pending.tsx";

export const Route = createFileRoute("/_authed/account/")({
  loader: ({ context }) => preloadAccount(context.queryClient),
  staleTime: STALE_TIME.account,
  pendingComponent: AccountPending,
  component: AccountPage,
});
