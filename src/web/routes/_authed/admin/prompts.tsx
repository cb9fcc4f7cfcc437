import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadAdminPrompts } from "../../../features/prompt-library/api/admin-prompt-queries.ts";
import { AdminPromptsPage } from "../../../features/prompt-library/components/admin-prompts-page.tsx";

/** /admin/prompts (SPEC 2, superadmin area): every organization's prompts. */
export const Route = createFileRoute("/_authed/admin/prompts")({
  loader: ({ context }) => preloadAdminPrompts(context.queryClient),
  staleTime: STALE_TIME.prompts,
  component: AdminPromptsPage,
});
