import { SKELETON_COUNT } from "#shared/constants.ts";
import { Card } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** SPEC 9: six cards while the library loads. */
export function PromptCardsSkeleton() {
  return (
    <div
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      data-testid="prompt-skeleton"
      aria-busy="true"
    >
      {Array.from({ length: SKELETON_COUNT.prompts }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="flex flex-col gap-3 p-5" data-testid="prompt-skeleton-card">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-8 w-20" />
        </Card>
      ))}
    </div>
  );
}
