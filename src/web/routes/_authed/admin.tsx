import type { QueryClient } from "@tanstack/react-query";
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { ignoreAuthRequired } from "../../components/loader-guard.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { meOptions } from "../../lib/shared-queries.ts";

/**
 * The superadmin area (SPEC 2 and 6; decision 024). Every /admin page,
 * /admin/content and /admin/users included, sits under this one guard: a
 * member or organization admin is sent home with a message. The server
 * refuses each admin function on its own as well; this guard only spares
 * them a page of errors.
 */
export const Route = createFileRoute("/_authed/admin")({
  beforeLoad: ({ context }) => requireSuperadmin(context.queryClient),
  component: Outlet,
});

async function requireSuperadmin(queryClient: QueryClient): Promise<void> {
  const me = await ignoreAuthRequired(queryClient.ensureQueryData(meOptions()));
  // No user: the signed-in layout sends the visitor to /login.
  if (me && !me.isSuperadmin) {
    toast({
      title: "That area is for superadmins",
      description: "You were sent back to the command center.",
      variant: "error",
    });
    throw redirect({ to: "/command-center" });
  }
}
