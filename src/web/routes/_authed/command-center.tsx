import { createFileRoute } from "@tanstack/react-router";
import { commandCenterSearchSchema } from "../../../shared/rules/thread-id.ts";
import { CommandCenterPage } from "../../features/command-center/components/command-center-page.tsx";

export const Route = createFileRoute("/_authed/command-center")({
  validateSearch: commandCenterSearchSchema,
  component: CommandCenterRoute,
});

function CommandCenterRoute() {
  const { thread_id: threadId } = Route.useSearch();
  return <CommandCenterPage threadId={threadId} />;
}
