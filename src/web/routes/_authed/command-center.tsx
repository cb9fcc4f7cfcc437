import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { STALE_TIME } from "#shared/constants.ts";
import { commandCenterSearchSchema } from "#shared/rules/thread-id.ts";
import { preloadThread } from "../../features/chat/api/thread-queries.ts";
import { ChatSkeleton } from "../../features/chat/components/chat-skeleton.tsx";
import { ChatView } from "../../features/chat/components/chat-view.tsx";
import { preloadMarkdown } from "../../features/chat/components/markdown/lazy-markdown.tsx";
import { CommandCenterWelcome } from "../../features/command-center/components/command-center-welcome.tsx";
import { useDraftThreadId } from "../../features/command-center/hooks/use-draft-thread-id.ts";
import { usePromptSetup } from "../../features/command-center/hooks/use-prompt-setup.ts";

/**
 * The signed-in home (SPEC 2): a new chat, or with ?thread_id= an existing
 * one, preloaded (thread, documents, first 100 messages, the Markdown renderer) and fresh 5
 * minutes. With ?prompt= (the prompt library's "Use"), a new chat starts with that text in
 * the message box, and with ?prompt_id= also with that prompt's model and documents.
 */
export const Route = createFileRoute("/_authed/command-center")({
  validateSearch: commandCenterSearchSchema,
  loaderDeps: ({ search }) => ({ threadId: search.thread_id }),
  loader: async ({ context, deps }) => {
    if (!deps.threadId) return;
    await Promise.all([
      preloadThread(context.queryClient, deps.threadId, STALE_TIME.commandCenter),
      preloadMarkdown(),
    ]);
  },
  staleTime: STALE_TIME.commandCenter,
  pendingComponent: ChatSkeleton,
  component: CommandCenterRoute,
});

function CommandCenterRoute() {
  const { thread_id: threadId, prompt, prompt_id: promptId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const draftId = useDraftThreadId(threadId);
  // The prompt is in the message box once; the address drops it so a reload does not refill it.
  const [initialDraft] = useState(prompt);
  const [initialPromptId] = useState(promptId);
  const setup = usePromptSetup(threadId ? undefined : initialPromptId);
  useEffect(() => {
    if (prompt !== undefined || promptId !== undefined)
      void navigate({ search: { thread_id: threadId }, replace: true });
  }, [prompt, promptId, threadId, navigate]);
  return (
    <ChatView
      threadId={threadId ?? draftId}
      isNew={!threadId}
      staleTime={STALE_TIME.commandCenter}
      defaultTitle="Command Center"
      onThreadCreated={(id) => void navigate({ search: { thread_id: id }, replace: true })}
      renderEmpty={({ fill }) => <CommandCenterWelcome onSuggestion={fill} />}
      initialDraft={threadId ? undefined : initialDraft}
      initialSetup={threadId ? undefined : setup}
    />
  );
}
