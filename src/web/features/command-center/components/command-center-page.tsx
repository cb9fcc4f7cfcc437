import { api } from "../../../../shared/api/index.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useLiveQuery } from "../../../lib/sync/live-query.ts";
import { ModelEmptyState } from "./model-empty-state.tsx";
import { QuickLinks } from "./quick-links.tsx";

function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 5) return "Good evening";
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/** The signed-in home. The AI chat arrives with the chat capability; until then, an honest state. */
export function CommandCenterPage({ threadId }: { threadId?: string }) {
  usePageTitle("Command Center");
  const me = useLiveQuery(api.users.getMe, {});
  const firstName = me.data?.firstName;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-6 py-12 md:py-16">
      <div className="text-center">
        <p className="font-medium text-muted-foreground text-sm">Command Center</p>
        <h1
          className="mt-2 flex items-center justify-center gap-2 font-semibold text-3xl tracking-tight"
          data-testid="command-center-greeting"
        >
          {greetingFor(new Date())}
          {firstName ? `, ${firstName}` : me.isPending ? <Skeleton className="h-8 w-28" /> : null}
        </h1>
        <p className="mt-3 text-muted-foreground">
          Ask questions about your organization's documents and put your AI assistants to work.
        </p>
      </div>
      {threadId ? (
        <Alert variant="warning" title="This conversation can't be opened yet" className="mt-8">
          Conversations become available once AI chat is enabled for your workspace.
        </Alert>
      ) : null}
      <ModelEmptyState />
      <QuickLinks />
    </div>
  );
}
