import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { preloadSupport } from "../../../features/support/api/support-queries.ts";
import { SupportPage } from "../../../features/support/components/support-page.tsx";

const searchSchema = z.object({
  /** The request whose thread is open. */
  request: z.string().max(100).optional().catch(undefined),
});

/** /account/support (SPEC 2): help, the request form and the member's requests. */
export const Route = createFileRoute("/_authed/account/support")({
  validateSearch: searchSchema,
  loader: ({ context }) => preloadSupport(context.queryClient),
  component: SupportRoute,
});

function SupportRoute() {
  const { request } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SupportPage
      openRequestId={request}
      onOpenRequest={(requestId) =>
        void navigate({ search: { request: requestId }, replace: true, resetScroll: false })
      }
    />
  );
}
