import type { ReactNode } from "react";
import { LogoMark } from "./logo.tsx";

export interface AuthFrameProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * The mark at the top, linking home: the app passes a router link, the light sign-in document
   * (login-main.tsx) a plain one. Given the mark and the classes to wear.
   */
  renderHome?: (mark: ReactNode, className: string) => ReactNode;
}

const HOME_CLASS = "rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring";

const plainHome = (mark: ReactNode, className: string) => (
  <a href="/" aria-label="Home" className={className}>
    {mark}
  </a>
);

/**
 * The frame of the public sign-in and setup screens: mark, heading, card, footnote. Free of the
 * router, so the light sign-in document can draw it too (decision 016); the app's screens use
 * `AuthLayout`, which links the mark through the router.
 */
export function AuthFrame({
  title,
  subtitle,
  children,
  footer,
  renderHome = plainHome,
}: AuthFrameProps) {
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-background px-4">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-[radial-gradient(ellipse_55%_60%_at_50%_-10%,color-mix(in_oklch,var(--primary)_20%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:48px_48px] opacity-40 [mask-image:radial-gradient(ellipse_50%_40%_at_50%_0%,black,transparent)]"
      />
      <main className="relative flex w-full max-w-[400px] flex-1 flex-col justify-center py-16">
        <div className="mb-8 flex flex-col items-center text-center">
          {renderHome(<LogoMark className="size-11" />, HOME_CLASS)}
          <h1 className="mt-6 font-semibold text-2xl tracking-tight">{title}</h1>
          <p className="mt-2 text-muted-foreground text-sm">{subtitle}</p>
        </div>
        <div className="rounded-xl border bg-card/80 p-6 shadow-2xl shadow-black/10 backdrop-blur-sm sm:p-7">
          {children}
        </div>
        {footer ? (
          <div className="mt-6 text-center text-muted-foreground text-[13px]">{footer}</div>
        ) : null}
      </main>
    </div>
  );
}
