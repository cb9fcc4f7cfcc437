import { SKELETON_COUNT } from "#shared/constants.ts";
import { Card } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** SPEC 9: seven cards while the catalogue loads. */
export function ModuleCardsSkeleton() {
  return (
    <div
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      data-testid="module-skeleton"
      aria-busy="true"
    >
      {Array.from({ length: SKELETON_COUNT.modules }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="flex flex-col gap-3 p-5" data-testid="module-skeleton-card">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-lg" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-20" />
            </div>
          </div>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-4/5" />
          <Skeleton className="h-3 w-16" />
        </Card>
      ))}
    </div>
  );
}
