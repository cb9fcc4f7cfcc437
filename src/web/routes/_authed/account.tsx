import { createFileRoute } from "@tanstack/react-router";
import { AccountLayout } from "../../features/account/components/account-layout.tsx";

/** /account and its sub-pages share one heading and sub-navigation. */
export const Route = createFileRoute("/_authed/account")({
  component: AccountLayout,
});
