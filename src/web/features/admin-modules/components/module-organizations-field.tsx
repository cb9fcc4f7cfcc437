import { useQuery } from "@tanstack/react-query";
import Globe from "lucide-react/icons/globe";
import { useState } from "react";
import { Label } from "../../../components/ui/label.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { organizationOptionsOptions } from "../api/admin-module-queries.ts";

interface ModuleOrganizationsFieldProps {
  value: string[];
  onChange: (organizationIds: string[]) => void;
  error?: string;
}

/** The organizations a module is limited to; none offers it to every organization. */
export function ModuleOrganizationsField({
  value,
  onChange,
  error,
}: ModuleOrganizationsFieldProps) {
  const organizations = useQuery(organizationOptionsOptions());
  const [filter, setFilter] = useState("");
  const all = organizations.data ?? [];
  const shown = all.filter((o) => o.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <div className="grid gap-2" data-testid="module-form-organizations">
      <div className="flex items-center justify-between gap-2">
        <Label id="module-organizations-label">Organizations</Label>
        {value.length > 0 ? (
          <button
            type="button"
            onClick={() => onChange([])}
            className="text-muted-foreground text-xs hover:text-foreground"
          >
            Offer to all
          </button>
        ) : null}
      </div>
      <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
        {value.length === 0 ? (
          <>
            <Globe aria-hidden="true" className="size-3.5" />
            All organizations: choose some to limit the module to them.
          </>
        ) : (
          `Limited to ${value.length} organization${value.length === 1 ? "" : "s"}.`
        )}
      </p>
      {all.length > 8 ? (
        <SearchInput
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="Find an organization"
          aria-label="Find an organization"
        />
      ) : null}
      <ul
        aria-labelledby="module-organizations-label"
        className="max-h-56 overflow-y-auto rounded-md border bg-background/40"
      >
        {shown.map((organization) => (
          <li key={organization._id} className="border-b last:border-b-0">
            <label className="flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm hover:bg-accent/50">
              <input
                type="checkbox"
                checked={chosen.has(organization._id)}
                onChange={(e) => toggle(organization._id, e.target.checked)}
                className="size-4 accent-primary"
              />
              {organization.name}
            </label>
          </li>
        ))}
        {shown.length === 0 ? (
          <li className="px-3 py-3 text-muted-foreground text-sm">No organization found.</li>
        ) : null}
      </ul>
      {error ? (
        <p className="text-destructive text-xs" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
