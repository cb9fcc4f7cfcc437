import { Link, Outlet } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { cn } from "../../../components/ui/cn.ts";

type AccountPath =
  | "/account"
  | "/account/organization"
  | "/account/notifications"
  | "/account/pocket-associate"
  | "/account/support"
  | "/account/security";

const TABS: { to: AccountPath; label: string; testId: string }[] = [
  { to: "/account", label: "Profile", testId: "account-tab-profile" },
  { to: "/account/organization", label: "Organization", testId: "account-tab-organization" },
  { to: "/account/notifications", label: "Notifications", testId: "account-tab-notifications" },
  {
    to: "/account/pocket-associate",
    label: "Pocket associate",
    testId: "account-tab-pocket-associate",
  },
  { to: "/account/support", label: "Support", testId: "account-tab-support" },
  { to: "/account/security", label: "Security", testId: "account-tab-security" },
];

/** The frame of every account page: the heading and the sub-navigation between them. */
export function AccountLayout() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Account"
        description="Your profile, your organization and how the workspace works for you."
      />
      <nav
        aria-label="Account"
        className="-mx-1 mt-6 flex gap-1 overflow-x-auto border-b px-1"
        data-testid="account-nav"
      >
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            activeOptions={{ exact: true }}
            data-testid={tab.testId}
            className={cn(
              "-mb-px shrink-0 whitespace-nowrap border-transparent border-b-2 px-3 pt-1.5 pb-2.5",
              "font-medium text-[13px] text-muted-foreground outline-none transition-colors",
              "hover:text-foreground focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring",
              "data-[status=active]:border-primary data-[status=active]:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
