import { createFileRoute, useRouter } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadModules } from "../../../features/modules/api/module-queries.ts";
import { ModuleCardsSkeleton } from "../../../features/modules/components/module-skeletons.tsx";
import { ModulesError } from "../../../features/modules/components/modules-error.tsx";
import { ModulesPage } from "../../../features/modules/components/modules-page.tsx";

/** SPEC 2: /modules, preloaded and fresh for 2 minutes, with a skeleton of 7 cards. */
export const Route = createFileRoute("/_authed/modules/")({
  loader: ({ context }) => preloadModules(context.queryClient),
  staleTime: STALE_TIME.modules,
  pendingComponent: () => (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <ModuleCardsSkeleton />
    </div>
  ),
  errorComponent: LoadError,
  component: ModulesPage,
});

function LoadError({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <ModulesError
        error={error}
        retry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
