import RotateCcw from "lucide-react/icons/rotate-ccw";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Button } from "./ui/button.tsx";

interface LoadErrorProps {
  /** SPEC's heading for this page's load error ("Error Loading Modules"). */
  title: string;
  /** Shown when the error carries no message of its own. */
  fallback: string;
  testId: string;
  error: unknown;
  retry: () => void;
}

/** A page's load error in place of its content: the message (or a fallback) and Try Again. */
export function LoadError({ title, fallback, testId, error, retry }: LoadErrorProps) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="flex min-h-[40vh] flex-col items-center justify-center text-center"
    >
      <div className="mb-5 flex size-11 items-center justify-center rounded-xl border border-destructive/25 bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-5" />
      </div>
      <h2 className="font-semibold text-xl tracking-tight">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground text-sm">{message}</p>
      <Button className="mt-6" onClick={retry}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
