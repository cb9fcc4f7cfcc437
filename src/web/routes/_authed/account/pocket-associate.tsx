import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { AccountPending } from "../../../features/account/components/account-pending.tsx";
import { preloadPocketAssociate } from "../../../features/pocket-associate/api/pocket-associate-loaders.ts";
import { PocketAssociatePage } from "../../../features/pocket-associate/components/pocket-associate-page.tsx";

/** /account/pocket-associate (SPEC 2, 5): voice, speed, format, language and temperature. */
export const Route = createFileRoute("/_authed/account/pocket-associate")({
  loader: ({ context }) => preloadPocketAssociate(context.queryClient),
  staleTime: STALE_TIME.account,
  pendingComponent: AccountPending,
  component: PocketAssociatePage,
});
