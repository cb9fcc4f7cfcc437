import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import UserPlus from "lucide-react/icons/user-plus";
import X from "lucide-react/icons/x";
import { type ReactNode, useId, useMemo, useState } from "react";
import * as sharesApi from "#shared/api/shares.ts";
import type { ShareGrantee, ShareRole } from "#shared/schemas/share.ts";
import { liveQueryOptions } from "../lib/sync/live-query.ts";
import { Alert } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";
import { SearchInput } from "./ui/search-input.tsx";
import { Spinner } from "./ui/spinner.tsx";

/** Who has access to something, as its owner sees it (dossier items, review tables). */
export interface ShareAccessList {
  /** The whole organization's grant, if any. */
  organization: { role: ShareRole } | null;
  members: { userId: string; name: string; email: string; role: ShareRole }[];
}

export interface SharingDialogProps<TAccess extends ShareAccessList, TKey extends QueryKey> {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shared thing's name, in the title. */
  entityName: string;
  /** What a grant gives on this kind of thing (viewers and editors). */
  description: ReactNode;
  /** Only the owner shares; anyone else sees why and nothing is read. */
  canShare: boolean;
  /** The live query of who has access (the entity's own list function). */
  accessOptions: UseQueryOptions<TAccess, Error, TAccess, TKey>;
  /** Grant a member or the organization a role (the entity's set function). */
  grant: (grantee: ShareGrantee, role: ShareRole) => Promise<unknown>;
  /** Take a grant back (the entity's remove function). */
  revoke: (grantee: ShareGrantee) => void;
  /** A grant is on its way (the add buttons wait for it). */
  granting: boolean;
  /** The dialog's test id ("share-dialog" unless told). */
  testId?: string;
}

/** The members of the caller's organization they may share with. */
export const shareableMembersOptions = () => liveQueryOptions(sharesApi.listShareableMembers, {});

const selectClass =
  "h-8 rounded-md border bg-background px-2 text-[13px] outline-none focus-visible:ring-2 focus-visible:ring-ring";

function RoleSelect({
  value,
  onChange,
  label,
  testId,
}: {
  value: ShareRole;
  onChange: (role: ShareRole) => void;
  label: string;
  testId: string;
}) {
  return (
    <select
      aria-label={label}
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(event.target.value === "editor" ? "editor" : "viewer")}
      className={selectClass}
    >
      <option value="viewer">Can view</option>
      <option value="editor">Can edit</option>
    </select>
  );
}

/**
 * The one share dialog (decision 023): pick members of the organization from
 * a searchable list, or the whole organization, as viewer or editor; see who
 * has access and change or remove it. What is shared (a dossier folder or
 * document, a review table) comes in as its access query and its set and
 * remove functions; the features wrap this with their own.
 */
export function SharingDialog<TAccess extends ShareAccessList, TKey extends QueryKey>(
  props: SharingDialogProps<TAccess, TKey>,
) {
  const { isOpen, onOpenChange, canShare, grant, revoke } = props;
  const ids = useId();
  const access = useQuery({ ...props.accessOptions, enabled: isOpen && canShare });
  const members = useQuery({ ...shareableMembersOptions(), enabled: isOpen && canShare });
  const [filter, setFilter] = useState("");
  const [role, setRole] = useState<ShareRole>("viewer");
  const [error, setError] = useState<string | null>(null);

  const granted = useMemo(
    () => new Set(access.data?.members.map((member) => member.userId) ?? []),
    [access.data],
  );
  const candidates = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (members.data ?? []).filter(
      (member) =>
        !granted.has(member._id) &&
        (!needle ||
          member.name.toLowerCase().includes(needle) ||
          member.email.toLowerCase().includes(needle)),
    );
  }, [members.data, filter, granted]);

  const give = async (grantee: ShareGrantee, as: ShareRole) => {
    setError(null);
    try {
      await grant(grantee, as);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not share.");
    }
  };
  const organization = access.data?.organization ?? null;
  const shownError = error ?? access.error?.message ?? null;

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid={props.testId ?? "share-dialog"}
        aria-describedby={`${ids}-description`}
        className="sm:max-w-lg"
      >
        <DialogHeader>
          <DialogTitle>Share “{props.entityName}”</DialogTitle>
          <DialogDescription id={`${ids}-description`}>{props.description}</DialogDescription>
        </DialogHeader>
        {!canShare ? (
          <Alert variant="error">Only the owner can share this.</Alert>
        ) : (
          <div className="grid gap-4">
            {shownError ? <Alert variant="error">{shownError}</Alert> : null}
            <section aria-labelledby={`${ids}-add`} className="grid gap-2">
              <h3 id={`${ids}-add`} className="font-medium text-[13px]">
                Add people
              </h3>
              <div className="flex items-center gap-2">
                <SearchInput
                  wrapperClassName="flex-1"
                  compact
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  placeholder="Search members by name or email"
                  aria-label="Search members"
                  data-testid="share-member-search"
                />
                <RoleSelect
                  value={role}
                  onChange={setRole}
                  label="Role for new people"
                  testId="share-new-role"
                />
              </div>
              <ul
                aria-label="Members"
                className="max-h-40 overflow-y-auto rounded-md border"
                data-testid="share-candidates"
              >
                {members.isPending ? (
                  <li className="flex justify-center p-3">
                    <Spinner />
                  </li>
                ) : candidates.length === 0 ? (
                  <li className="px-3 py-2.5 text-[12.5px] text-muted-foreground">
                    {filter
                      ? "No member matches."
                      : "Everyone in your organization already has access."}
                  </li>
                ) : (
                  candidates.map((member) => (
                    <li
                      key={member._id}
                      className="flex items-center gap-2 px-3 py-1.5 hover:bg-accent/40"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-[13px]">{member.name}</p>
                        <p className="truncate text-[11.5px] text-muted-foreground">
                          {member.email}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-7"
                        data-testid="share-add-member"
                        aria-label={`Share with ${member.name}`}
                        disabled={props.granting}
                        onClick={() => void give({ userId: member._id }, role)}
                      >
                        <UserPlus aria-hidden="true" />
                        Add
                      </Button>
                    </li>
                  ))
                )}
              </ul>
            </section>

            <section aria-labelledby={`${ids}-access`} className="grid gap-2">
              <h3 id={`${ids}-access`} className="font-medium text-[13px]">
                Who has access
              </h3>
              <ul className="grid gap-1" data-testid="share-access-list">
                <li className="flex items-center gap-2 rounded-md border px-3 py-2">
                  <Building2 aria-hidden="true" className="size-4 text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <p className="text-[13px]">Everyone in your organization</p>
                    <p className="text-[11.5px] text-muted-foreground">
                      {organization ? "Has access" : "No access"}
                    </p>
                  </div>
                  {organization ? (
                    <RoleSelect
                      value={organization.role}
                      onChange={(next) => void give({ organization: true }, next)}
                      label="Role for everyone in your organization"
                      testId="share-organization-role"
                    />
                  ) : null}
                  <label className="flex items-center gap-1.5 text-[12.5px]">
                    <input
                      type="checkbox"
                      data-testid="share-organization-toggle"
                      checked={organization !== null}
                      onChange={(event) =>
                        event.target.checked
                          ? void give({ organization: true }, role)
                          : revoke({ organization: true })
                      }
                    />
                    Share
                  </label>
                </li>
                {access.data?.members.map((member) => (
                  <li
                    key={member.userId}
                    data-testid="share-access-member"
                    className="flex items-center gap-2 rounded-md border px-3 py-2"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-[13px]">{member.name}</p>
                      <p className="truncate text-[11.5px] text-muted-foreground">{member.email}</p>
                    </div>
                    <RoleSelect
                      value={member.role}
                      onChange={(next) => void give({ userId: member.userId }, next)}
                      label={`Role for ${member.name}`}
                      testId="share-member-role"
                    />
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Remove ${member.name}'s access`}
                      data-testid="share-remove-member"
                      onClick={() => revoke({ userId: member.userId })}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} data-testid="share-done">
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
