import { createFileRoute, redirect } from "@tanstack/react-router";
import { isValidThreadId } from "../../../../shared/rules/thread-id.ts";
import { ThreadUnavailable } from "../../../features/threads/components/thread-unavailable.tsx";

export const Route = createFileRoute("/_authed/threads/$threadId")({
  beforeLoad: ({ params }) => {
    if (!isValidThreadId(params.threadId)) {
      console.warn(`Invalid thread id "${params.threadId}": redirecting to /command-center`);
      throw redirect({ to: "/command-center" });
    }
  },
  component: ThreadRoute,
});

function ThreadRoute() {
  const { threadId } = Route.useParams();
  return <ThreadUnavailable threadId={threadId} />;
}
