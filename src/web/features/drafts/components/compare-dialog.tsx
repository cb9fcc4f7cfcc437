import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import type { Draft, DraftVersion } from "#shared/schemas/draft.ts";
import { cn } from "../../../components/ui/cn.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { draftVersionsOptions } from "../api/draft-queries.ts";
import { formatDateTime } from "../lib/format.ts";

const DraftDiff = lazy(() => import("./draft-diff.tsx"));

const REASONS: Record<string, string> = {
  generated: "generated",
  edited: "edited",
  regenerated: "regenerated",
};

const describe = (v: DraftVersion) =>
  `Version ${v.version} · ${REASONS[v.reason] ?? v.reason} · ${formatDateTime(v.createdAt)}`;

/** Compare the draft with an earlier version (the previous one first), word by word. */
export function CompareDialog({
  draft,
  onOpenChange,
}: {
  draft: Draft;
  onOpenChange: (open: boolean) => void;
}) {
  const versions = useQuery(draftVersionsOptions(draft._id));
  const current = versions.data?.find((v) => v.version === draft.version) ?? versions.data?.[0];
  const earlier = versions.data?.filter((v) => current && v.version < current.version) ?? [];
  const [fromVersion, setFromVersion] = useState<number | null>(null);
  const from = earlier.find((v) => v.version === fromVersion) ?? earlier[0];

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[88dvh] max-w-4xl flex-col" data-testid="draft-compare">
        <DialogHeader>
          <DialogTitle>Compare versions</DialogTitle>
          <DialogDescription>
            What changed in “{draft.title}”: <span className="text-success">added words</span> and{" "}
            <span className="text-destructive line-through">removed words</span>.
          </DialogDescription>
        </DialogHeader>
        {versions.error ? (
          <p role="alert" className="text-destructive text-sm">
            {versions.error.message}
          </p>
        ) : !versions.data || !current ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading versions" />
          </div>
        ) : !from ? (
          <p className="py-8 text-center text-muted-foreground text-sm">
            This draft has no earlier version yet.
          </p>
        ) : (
          <>
            <div className="grid gap-2 text-[12.5px] sm:grid-cols-2">
              <label className="flex flex-col gap-1">
                <span className="text-muted-foreground">From</span>
                <select
                  value={from.version}
                  onChange={(e) => setFromVersion(Number(e.target.value))}
                  aria-label="Compare from version"
                  data-testid="compare-from"
                  className={cn(
                    "h-8 rounded-md border border-input bg-background/40 px-2.5 text-[13px] outline-none",
                    "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
                  )}
                >
                  {earlier.map((v) => (
                    <option key={v.version} value={v.version}>
                      {describe(v)}
                    </option>
                  ))}
                </select>
              </label>
              <div className="flex flex-col gap-1">
                <span className="text-muted-foreground">To (current)</span>
                <span className="flex h-8 items-center rounded-md border bg-muted/40 px-2.5 text-[13px]">
                  {describe(current)}
                </span>
              </div>
            </div>
            <Suspense
              fallback={
                <div className="flex justify-center py-10">
                  <Spinner label="Comparing" />
                </div>
              }
            >
              <DraftDiff before={from.content} after={current.content} />
            </Suspense>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
