import { useRouter } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import House from "lucide-react/icons/house";
import RefreshCw from "lucide-react/icons/refresh-cw";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import {
  DEFAULT_ERROR_MESSAGE,
  DEFAULT_ERROR_TITLE,
  ERROR_DESCRIPTION,
  userFacingMessage,
} from "./error-messages.ts";
import { Button } from "./ui/button.tsx";
import { cn } from "./ui/cn.ts";

export { DEFAULT_ERROR_MESSAGE, DEFAULT_ERROR_TITLE, ERROR_DESCRIPTION, userFacingMessage };

interface ErrorViewProps {
  error?: unknown;
  /** The error boundary's reset, when the view is a route's errorComponent. */
  reset?: () => void;
  title?: string;
  /** Fill the whole viewport (root-level errors) instead of the content area. */
  fullScreen?: boolean;
}

/** The generic error view (SPEC 2): Try Again, Refresh Page, Back, Home. */
export function ErrorView({
  error,
  reset,
  title = DEFAULT_ERROR_TITLE,
  fullScreen = false,
}: ErrorViewProps) {
  const router = useRouter();
  const tryAgain = () => {
    reset?.();
    void router.invalidate();
  };
  const goHome = () => {
    reset?.();
    void router.navigate({ to: "/" });
  };
  const details = error instanceof Error ? error.message : undefined;
  return (
    <div
      role="alert"
      data-testid="error-view"
      className={cn(
        "flex w-full items-center justify-center px-6 py-16",
        fullScreen ? "min-h-dvh bg-background" : "min-h-[60vh]",
      )}
    >
      <div className="flex w-full max-w-md flex-col items-center text-center">
        <div className="mb-6 flex size-12 items-center justify-center rounded-xl border border-destructive/25 bg-destructive/10 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </div>
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        <p className="mt-3 font-medium text-foreground/90">{userFacingMessage(error)}</p>
        <p className="mt-1.5 text-muted-foreground text-sm">{ERROR_DESCRIPTION}</p>
        <div className="mt-8 grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:justify-center">
          <Button onClick={tryAgain}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Refresh Page
          </Button>
          <Button variant="outline" onClick={() => router.history.back()}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Button variant="outline" onClick={goHome}>
            <House aria-hidden="true" />
            Home
          </Button>
        </div>
        {import.meta.env.DEV && details ? (
          <details className="mt-8 w-full rounded-lg border bg-muted/40 p-3 text-left text-xs">
            <summary className="cursor-pointer text-muted-foreground">Technical details</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-muted-foreground">
              {details}
            </pre>
          </details>
        ) : null}
      </div>
    </div>
  );
}
