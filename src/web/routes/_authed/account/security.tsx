import { createFileRoute } from "@tanstack/react-router";
import { preloadSecurity } from "../../../features/security/api/security-queries.ts";
import { SecurityPage } from "../../../features/security/components/security-page.tsx";

/** /account/security: two-factor authentication (decision 030). */
export const Route = createFileRoute("/_authed/account/security")({
  loader: ({ context }) => preloadSecurity(context.queryClient),
  component: SecurityPage,
});
