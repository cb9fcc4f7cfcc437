import { createFileRoute, redirect } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { isValidThreadId } from "#shared/rules/thread-id.ts";
import { preloadThread } from "../../../features/chat/api/thread-queries.ts";
import { ChatSkeleton } from "../../../features/chat/components/chat-skeleton.tsx";
import { ChatView } from "../../../features/chat/components/chat-view.tsx";
import { preloadMarkdown } from "../../../features/chat/components/markdown/lazy-markdown.tsx";

/**
 * One thread (SPEC 2, 5): a malformed id goes to /command-center with a
 * warning; otherwise the thread, its documents and first 100 messages are
 * preloaded with the Markdown renderer, a skeleton meanwhile, fresh for 2 minutes.
 */
export const Route = createFileRoute("/_authed/threads/$threadId")({
  beforeLoad: ({ params }) => {
    if (!isValidThreadId(params.threadId)) {
      console.warn(`Invalid thread id "${params.threadId}": redirecting to /command-center`);
      throw redirect({ to: "/command-center" });
    }
  },
  loader: async ({ context, params }) => {
    await Promise.all([
      preloadThread(context.queryClient, params.threadId.trim(), STALE_TIME.threads),
      preloadMarkdown(),
    ]);
  },
  staleTime: STALE_TIME.threads,
  pendingComponent: ChatSkeleton,
  component: ThreadRoute,
});

function ThreadRoute() {
  const { threadId } = Route.useParams();
  return (
    <ChatView
      threadId={threadId.trim()}
      isNew={false}
      staleTime={STALE_TIME.threads}
      defaultTitle="Conversation"
    />
  );
}
