import { useQuery } from "@tanstack/react-query";
import X from "lucide-react/icons/x";
import { ROLES } from "#shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { adminOrganizationsOptions } from "../api/admin-user-queries.ts";
import { activeFilterCount, type UserSearch } from "../api/user-search.ts";
import { roleLabel } from "./format.ts";

interface UserFiltersProps {
  search: UserSearch;
  text: string;
  onTextChange: (text: string) => void;
  onChange: (next: Partial<UserSearch>) => void;
  onClear: () => void;
}

const filterSelect = cn(selectClass, "h-9 w-auto min-w-0 max-w-44 pr-8");

/** Search by name or email (as you type) and the five filters of /admin/users. */
export function UserFilters({ search, text, onTextChange, onChange, onClear }: UserFiltersProps) {
  const organizations = useQuery(adminOrganizationsOptions());
  const count = activeFilterCount(search);
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label="Find users">
      <SearchInput
        wrapperClassName="min-w-48 flex-[1_1_12rem]"
        type="search"
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
        placeholder="Search by name or email"
        aria-label="Search users by name or email"
        data-testid="admin-users-search"
      />
      <select
        aria-label="Organization"
        className={filterSelect}
        value={search.org ?? ""}
        onChange={(e) => onChange({ org: e.target.value || undefined })}
        data-testid="admin-users-filter-org"
      >
        <option value="">All organizations</option>
        <option value="none">No organization</option>
        {(organizations.data ?? []).map((o) => (
          <option key={o._id} value={o._id}>
            {o.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Role"
        className={filterSelect}
        value={search.role ?? ""}
        onChange={(e) => onChange({ role: (e.target.value || undefined) as UserSearch["role"] })}
        data-testid="admin-users-filter-role"
      >
        <option value="">Any role</option>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      <select
        aria-label="Superadmin"
        className={filterSelect}
        value={search.superadmin ?? ""}
        onChange={(e) =>
          onChange({ superadmin: (e.target.value || undefined) as UserSearch["superadmin"] })
        }
        data-testid="admin-users-filter-superadmin"
      >
        <option value="">Any access</option>
        <option value="yes">Superadmins</option>
        <option value="no">Not superadmins</option>
      </select>
      <select
        aria-label="Status"
        className={filterSelect}
        value={search.status ?? ""}
        onChange={(e) =>
          onChange({ status: (e.target.value || undefined) as UserSearch["status"] })
        }
        data-testid="admin-users-filter-status"
      >
        <option value="">Any status</option>
        <option value="active">Active</option>
        <option value="disabled">Disabled</option>
      </select>
      <select
        aria-label="Last active"
        className={filterSelect}
        value={search.active ?? ""}
        onChange={(e) =>
          onChange({ active: (e.target.value || undefined) as UserSearch["active"] })
        }
        data-testid="admin-users-filter-active"
      >
        <option value="">Any activity</option>
        <option value="7d">Active in the last 7 days</option>
        <option value="30d">Active in the last 30 days</option>
        <option value="90d">Active in the last 90 days</option>
        <option value="never">Never signed in</option>
      </select>
      {count > 0 || text ? (
        <Button variant="ghost" size="sm" onClick={onClear} data-testid="admin-users-clear">
          <X aria-hidden="true" />
          Clear
        </Button>
      ) : null}
    </search>
  );
}
