import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { membersOptions, organizationOptions } from "../api/organization-queries.ts";
import { InvitationsCard } from "./invitations-card.tsx";
import { MembersCard } from "./members-card.tsx";
import { OrganizationSettingsCard } from "./organization-settings-card.tsx";
import { SignInPolicyCard } from "./sign-in-policy-card.tsx";
import { UsageCard } from "./usage-card.tsx";

/**
 * /account/organization: everyone sees the organization and its members;
 * admins also rename it, pick its default model, manage members and
 * invitations and see its usage (decision 021). Live: a colleague who
 * accepts an invitation appears without a reload.
 */
export function OrganizationPage() {
  usePageTitle("Organization");
  const { data: me } = useSuspenseQuery(meOptions());
  if (!me.organizationId) {
    return (
      <Alert
        title="Your account does not belong to an organization"
        data-testid="organization-none"
      >
        Ask an organization admin to invite you; superadmins manage organizations in /admin.
      </Alert>
    );
  }
  return <OrganizationSections />;
}

function OrganizationSections() {
  const { data: organization } = useSuspenseQuery(organizationOptions());
  const members = useQuery(membersOptions());
  const canManage = organization.canManage;
  return (
    <div className="grid gap-6" data-testid="organization-page" data-can-manage={canManage}>
      <OrganizationSettingsCard organization={organization} />
      <MembersCard members={members.data ?? []} canManage={canManage} />
      {canManage ? (
        <>
          <InvitationsCard mailConfigured={organization.mailConfigured} />
          <SignInPolicyCard />
          <UsageCard />
        </>
      ) : null}
    </div>
  );
}
