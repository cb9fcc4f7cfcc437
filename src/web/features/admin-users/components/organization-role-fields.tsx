import { useQuery } from "@tanstack/react-query";
import { ROLES, type Role } from "#shared/constants.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { adminOrganizationsOptions } from "../api/admin-user-queries.ts";
import { roleLabel } from "./format.ts";

interface OrganizationRoleFieldsProps {
  organizationId: string;
  role: string;
  onOrganizationChange: (organizationId: string) => void;
  onRoleChange: (role: Role) => void;
  errors: { organizationId?: string; role?: string };
  /** Superadmins may belong to no organization. */
  allowNone: boolean;
  testIdPrefix: string;
}

/** The organization select and the role select (SPEC 3: organizationId, role). */
export function OrganizationRoleFields(props: OrganizationRoleFieldsProps) {
  const organizations = useQuery(adminOrganizationsOptions());
  const { organizationId, testIdPrefix } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        label="Organization"
        error={props.errors.organizationId}
        description={props.allowNone ? "A superadmin may belong to none." : undefined}
      >
        <select
          className={selectClass}
          value={organizationId}
          onChange={(e) => props.onOrganizationChange(e.target.value)}
          data-testid={`${testIdPrefix}-organization`}
        >
          <option value="">
            {props.allowNone ? "No organization" : "Choose an organization…"}
          </option>
          {(organizations.data ?? []).map((o) => (
            <option key={o._id} value={o._id}>
              {o.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Role"
        error={props.errors.role}
        description={organizationId ? undefined : "Applies once the user has an organization."}
      >
        <select
          className={selectClass}
          value={props.role}
          disabled={!organizationId}
          onChange={(e) => props.onRoleChange(e.target.value as Role)}
          data-testid={`${testIdPrefix}-role`}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
