import { useQuery } from "@tanstack/react-query";
import Sparkles from "lucide-react/icons/sparkles";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { meOptions } from "../../../lib/shared-queries.ts";
import { greetingFor } from "../greeting.ts";
import { Suggestions } from "./suggestions.tsx";

/** A new chat on the home screen: a greeting by name and a few ways to begin. */
export function CommandCenterWelcome({ onSuggestion }: { onSuggestion: (text: string) => void }) {
  const me = useQuery(meOptions());
  const firstName = me.data?.firstName;

  return (
    <div
      className="mx-auto flex min-h-full w-full max-w-3xl flex-col justify-center px-6 py-10"
      data-testid="command-center-empty"
    >
      <div className="text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-6 flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-from to-brand-to text-white shadow-[0_8px_30px_-6px] shadow-brand-to/50"
        >
          <Sparkles className="size-6" />
        </div>
        <h1
          className="flex items-center justify-center gap-2 font-semibold text-3xl tracking-tight"
          data-testid="command-center-greeting"
        >
          {greetingFor(new Date())}
          {firstName ? `, ${firstName}` : me.isPending ? <Skeleton className="h-8 w-28" /> : null}
        </h1>
        <p className="mt-3 text-muted-foreground">
          Ask about your organization's documents, or attach some and put the assistant to work.
        </p>
      </div>
      <Suggestions onPick={onSuggestion} />
    </div>
  );
}
