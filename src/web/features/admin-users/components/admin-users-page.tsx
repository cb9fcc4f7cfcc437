import { useQuery } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { useEffect, useState } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { meOptions } from "../../../lib/shared-queries.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { activeFilterCount, filtersFrom, type UserSearch } from "../api/user-search.ts";
import { useUserPages } from "../hooks/use-user-pages.ts";
import { NewUserDialog } from "./new-user-dialog.tsx";
import { useDisableToggle } from "./use-disable-toggle.tsx";
import { UserFilters } from "./user-filters.tsx";
import { UserList } from "./user-list.tsx";
import { UsersLoadError } from "./users-load-error.tsx";

const SEARCH_DELAY_MS = 250;

interface AdminUsersPageProps {
  search: UserSearch;
  onSearchChange: (next: UserSearch) => void;
}

/** /admin/users: every user of the installation, searched, filtered, live. */
export function AdminUsersPage({ search, onSearchChange }: AdminUsersPageProps) {
  const me = useQuery(meOptions());
  const [text, setText] = useState(search.q ?? "");
  const debounced = useDebouncedValue(text, SEARCH_DELAY_MS);
  const [creating, setCreating] = useState(false);
  const toggle = useDisableToggle();

  // The typed search goes to the address once typing pauses (and comes back from it on Back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the debounced text settles
  useEffect(() => {
    const q = debounced.trim() || undefined;
    if (q !== search.q) onSearchChange({ ...search, q });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the address only
  useEffect(() => {
    if ((search.q ?? "") !== debounced.trim()) setText(search.q ?? "");
  }, [search.q]);

  const filters = filtersFrom(search, search.q);
  const pages = useUserPages(filters);
  const filtered = activeFilterCount(search) > 0 || Boolean(search.q);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Users"
        description="Every account of every organization: find people, change their access, create accounts"
        actions={
          <Button onClick={() => setCreating(true)} data-testid="admin-users-new">
            <Plus aria-hidden="true" />
            New user
          </Button>
        }
      />
      <div className="mt-8 grid gap-4">
        <UserFilters
          search={search}
          text={text}
          onTextChange={setText}
          onChange={(next) => onSearchChange({ ...search, ...next })}
          onClear={() => {
            setText("");
            onSearchChange({});
          }}
        />
        {pages.error && pages.users.length === 0 ? (
          <UsersLoadError error={pages.error} />
        ) : (
          <UserList
            users={pages.users}
            loading={pages.isLoading}
            loadingMore={pages.isLoadingMore}
            filtered={filtered}
            onNearEnd={pages.loadMore}
            onToggleDisabled={toggle.open}
            currentUserId={me.data?._id}
          />
        )}
      </div>
      {creating ? <NewUserDialog onClose={() => setCreating(false)} /> : null}
      {toggle.dialog}
    </div>
  );
}
