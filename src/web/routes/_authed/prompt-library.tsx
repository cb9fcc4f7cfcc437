import { createFileRoute, useRouter } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadPromptLibrary } from "../../features/prompt-library/api/prompt-queries.ts";
import { PromptLibraryError } from "../../features/prompt-library/components/prompt-library-error.tsx";
import { PromptLibraryPage } from "../../features/prompt-library/components/prompt-library-page.tsx";
import { PromptCardsSkeleton } from "../../features/prompt-library/components/prompt-skeletons.tsx";

/** SPEC 2: the prompt library, preloaded and fresh for 2 minutes. */
export const Route = createFileRoute("/_authed/prompt-library")({
  loader: ({ context }) => preloadPromptLibrary(context.queryClient),
  staleTime: STALE_TIME.prompts,
  pendingComponent: () => (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <PromptCardsSkeleton />
    </div>
  ),
  errorComponent: LoadError,
  component: PromptLibraryPage,
});

function LoadError({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PromptLibraryError
        error={error}
        retry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
