import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadOrganization } from "../../../features/organization/api/organization-queries.ts";
import { OrganizationPage } from "../../../features/organization/components/organization-page.tsx";
import { OrganizationPending } from "../../../features/organization/components/organization-pending.tsx";

/** SPEC 2: /account/organization (decision 021). */
export const Route = createFileRoute("/_authed/account/organization")({
  loader: ({ context }) => preloadOrganization(context.queryClient),
  staleTime: STALE_TIME.account,
  pendingComponent: OrganizationPending,
  component: OrganizationPage,
});
