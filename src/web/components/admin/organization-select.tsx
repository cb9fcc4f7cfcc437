import { useQuery } from "@tanstack/react-query";
import * as adminLooksApi from "#shared/api/admin-looks.ts";
import { liveQueryOptions } from "../../lib/sync/live-query.ts";
import { cn } from "../ui/cn.ts";
import { selectClass } from "../ui/select-class.ts";

/** Every organization with its counts (superadmins only); the admin pages' organization filter. */
export const adminOrganizationsOptions = () =>
  liveQueryOptions(adminLooksApi.listOrganizations, {});

/** A select of every organization; "" is "All organizations" (or the placeholder). */
export function OrganizationSelect({
  value,
  onChange,
  allLabel = "All organizations",
  className,
  id,
  testId,
}: {
  value: string;
  onChange: (organizationId: string) => void;
  allLabel?: string;
  className?: string;
  id?: string;
  testId?: string;
}) {
  const organizations = useQuery(adminOrganizationsOptions());
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn(selectClass, className)}
      data-testid={testId}
      disabled={!organizations.data}
    >
      <option value="">{organizations.data ? allLabel : "Loading organizations…"}</option>
      {organizations.data?.map((organization) => (
        <option key={organization._id} value={organization._id}>
          {organization.name}
        </option>
      ))}
    </select>
  );
}
