import { LogoMark } from "./logo.tsx";

/** Shown for the moment before the session is known (first render only). */
export function Splash() {
  return (
    <div
      role="status"
      aria-label="Loading"
      data-testid="splash"
      className="flex min-h-dvh items-center justify-center bg-background"
    >
      <LogoMark className="size-10 animate-pulse" />
    </div>
  );
}
