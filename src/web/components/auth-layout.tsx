import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AuthFrame, type AuthFrameProps } from "./auth-frame.tsx";

/** The mark links home through the router (no page load inside the app). */
export const routerHome = (mark: ReactNode, className: string) => (
  <Link to="/" aria-label="Home" className={className}>
    {mark}
  </Link>
);

/** The frame of the public sign-in and setup screens inside the app (see AuthFrame). */
export function AuthLayout(props: Omit<AuthFrameProps, "renderHome">) {
  return <AuthFrame {...props} renderHome={routerHome} />;
}
