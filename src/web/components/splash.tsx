import { LogoMark } from "./logo.tsx";

/**
 * Shown for the moment before the session is known and the first page's route code has run
 * (first render only). The mark fades in after half a second, so a fast start does not flash
 * it before the page (decision 016, "the first render waits for nothing").
 */
export function Splash() {
  return (
    <div
      role="status"
      aria-label="Loading"
      data-testid="splash"
      className="flex min-h-dvh items-center justify-center bg-background"
    >
      <span className="animate-[fade-in_240ms_ease-out_500ms_both]">
        <LogoMark className="size-10 animate-pulse" />
      </span>
    </div>
  );
}
