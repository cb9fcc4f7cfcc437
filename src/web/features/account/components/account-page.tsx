import { useSuspenseQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { AppearanceCard } from "./appearance-card.tsx";
import { PasswordCard } from "./password-card.tsx";
import { ProfileCard } from "./profile-card.tsx";

/** Below the fold, in a chunk of its own: /account's first paint does not wait for it (decision 016). */
const AdminAccessCard = lazy(() =>
  import("./admin-access-card.tsx").then((module) => ({ default: module.AdminAccessCard })),
);

/** /account (in the account layout): names, e-mail, password, theme, and administrators' looks. Live: edits from another tab show up here. */
export function AccountPage() {
  usePageTitle("Account");
  const { data: me } = useSuspenseQuery(meOptions());
  return (
    <div className="flex max-w-3xl flex-col gap-6" data-testid="account-page">
      <ProfileCard user={me} />
      <PasswordCard email={me.email} />
      <AppearanceCard />
      <Suspense fallback={null}>
        <AdminAccessCard />
      </Suspense>
    </div>
  );
}
