import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Compass from "lucide-react/icons/compass";
import { Logo } from "./logo.tsx";
import { Button } from "./ui/button.tsx";
import { cn } from "./ui/cn.ts";
import { usePageTitle } from "./use-page-title.ts";

/**
 * SPEC 2: the page for unknown routes. On its own (signed out) it fills the
 * viewport under the logo; `inShell` fits it in the signed-in frame's content
 * area instead.
 */
export function NotFoundView({ inShell = false }: { inShell?: boolean }) {
  usePageTitle("Page not found");
  // The signed-in frame has the page's <main> already.
  const Body = inShell ? "div" : "main";
  return (
    <div
      data-testid="not-found"
      className={cn(
        "relative flex flex-col overflow-hidden bg-background",
        inShell ? "flex-1 md:rounded-xl" : "min-h-dvh",
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent)]"
      />
      {inShell ? null : (
        <header className="relative px-6 py-5">
          <Link
            to="/"
            aria-label="Home"
            className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo />
          </Link>
        </header>
      )}
      <Body
        className={cn(
          "relative flex flex-1 items-center justify-center px-6",
          inShell ? "py-16" : "pb-24",
        )}
      >
        <div className="flex max-w-md flex-col items-center text-center">
          <div
            aria-hidden="true"
            className="mb-6 flex size-16 items-center justify-center rounded-2xl border border-border bg-card text-muted-foreground shadow-sm"
          >
            <Compass className="size-7" />
          </div>
          <h1 className="font-semibold text-2xl tracking-tight">404 - Not Found</h1>
          <p className="mt-3 text-muted-foreground">
            Oops! The page you are looking for does not exist.
          </p>
          <Button asChild className="mt-8">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Return Home
            </Link>
          </Button>
        </div>
      </Body>
    </div>
  );
}
