import RotateCcw from "lucide-react/icons/rotate-ccw";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Button } from "../../../components/ui/button.tsx";

/** An admin page's load error, with the message and Try Again. */
export function AdminLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const message =
    error instanceof Error && error.message ? error.message : "Failed to load modules";
  return (
    <div role="alert" className="flex flex-col items-center justify-center px-6 py-14 text-center">
      <TriangleAlert aria-hidden="true" className="mb-3 size-6 text-destructive" />
      <h2 className="font-semibold text-lg tracking-tight">Error Loading Modules</h2>
      <p className="mt-1.5 max-w-md text-muted-foreground text-sm">{message}</p>
      <Button className="mt-5" onClick={retry}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
