import { createFileRoute } from "@tanstack/react-router";
import { ContentPage } from "../../../features/admin-content/components/content-page.tsx";

/**
 * /admin/content (SPEC 2; decision 024): prompts, modules and help articles
 * in one place, under the superadmin guard of /_authed/admin.
 */
export const Route = createFileRoute("/_authed/admin/content")({
  component: ContentPage,
});
