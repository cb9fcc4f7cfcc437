import { RotateCcw, TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

export const MODULES_ERROR_TITLE = "Error Loading Modules";
export const MODULES_ERROR_FALLBACK = "Failed to load modules";

/** The catalogue's load error, with the message (or a fallback) and Try Again. */
export function ModulesError({ error, retry }: { error: unknown; retry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : MODULES_ERROR_FALLBACK;
  return (
    <div
      role="alert"
      data-testid="modules-error"
      className="flex min-h-[40vh] flex-col items-center justify-center text-center"
    >
      <div className="mb-5 flex size-11 items-center justify-center rounded-xl border border-destructive/25 bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-5" />
      </div>
      <h2 className="font-semibold text-xl tracking-tight">{MODULES_ERROR_TITLE}</h2>
      <p className="mt-2 max-w-md text-muted-foreground text-sm">{message}</p>
      <Button className="mt-6" onClick={retry}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
