import { createFileRoute } from "@tanstack/react-router";
import { NotFoundView } from "../../../../components/not-found-view.tsx";

/** Reserved for the page this route will show; until then it answers like an unknown page. */
export const Route = createFileRoute("/_authed/admin/modules/")({
  component: () => <NotFoundView inShell />,
});
