import { useSuspenseQuery } from "@tanstack/react-query";
import { PageHeader } from "../../../components/page-header.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { AppearanceCard } from "./appearance-card.tsx";
import { PasswordCard } from "./password-card.tsx";
import { ProfileCard } from "./profile-card.tsx";

/** /account: names, e-mail, password and theme. Live: edits from another tab show up here. */
export function AccountPage() {
  usePageTitle("Account");
  const { data: me } = useSuspenseQuery(meOptions());
  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-12"
      data-testid="account-page"
    >
      <PageHeader title="Account" description="Manage your profile, password and appearance." />
      <div className="mt-8 flex flex-col gap-6">
        <ProfileCard user={me} />
        <PasswordCard email={me.email} />
        <AppearanceCard />
      </div>
    </div>
  );
}
