import { useQuery } from "@tanstack/react-query";
import { Building2, Search, UserPlus, X } from "lucide-react";
import { useMemo, useState } from "react";
import type { ShareEntityType, ShareRole } from "#shared/schemas/share.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { entityAccessOptions, shareableMembersOptions } from "../api/share-queries.ts";
import { useRemoveShare, useSetShare } from "../hooks/use-share-mutations.ts";

/** SPEC section 2: the share dialog's props. */
export interface ShareDialogProps {
  isOpen: boolean;
  entityType: ShareEntityType;
  entityId: string;
  entityName: string;
  ownerId: string | null;
  currentUserId: string;
  onOpenChange: (open: boolean) => void;
}

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
 * Share a folder or document: pick members of the organization from a
 * searchable list, or the whole organization, as viewer or editor; see who
 * has access and change or remove it. Only the owner gets here (the menus
 * offer Share to the owner alone, and the server refuses anyone else).
 */
export function ShareDialog(props: ShareDialogProps) {
  const { isOpen, onOpenChange, entityType, entityId, entityName } = props;
  const isOwner = props.ownerId === props.currentUserId;
  const access = useQuery({
    ...entityAccessOptions(entityType, entityId),
    enabled: isOpen && isOwner,
  });
  const members = useQuery({ ...shareableMembersOptions(), enabled: isOpen && isOwner });
  const setShare = useSetShare();
  const removeShare = useRemoveShare();
  const [filter, setFilter] = useState("");
  const [role, setRole] = useState<ShareRole>("viewer");
  const [error, setError] = useState<string | null>(null);

  const granted = new Set(access.data?.members.map((m) => m.userId) ?? []);
  const candidates = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (members.data ?? []).filter(
      (m) =>
        !granted.has(m._id) &&
        (!needle ||
          m.name.toLowerCase().includes(needle) ||
          m.email.toLowerCase().includes(needle)),
    );
  }, [members.data, filter, granted]);

  const target = { entityType, entityId };
  const grant = async (grantee: { userId: string } | { organization: true }, as: ShareRole) => {
    setError(null);
    try {
      await setShare.mutateAsync({ ...target, grantee, role: as });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not share.");
    }
  };
  const organization = access.data?.organization ?? null;

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="share-dialog"
        aria-describedby="share-dialog-description"
        className="sm:max-w-lg"
      >
        <DialogHeader>
          <DialogTitle>Share “{entityName}”</DialogTitle>
          <DialogDescription id="share-dialog-description">
            {entityType === "folder"
              ? "People you add see this folder and everything in it, including what is added later."
              : "People you add see this document."}{" "}
            Viewers read, download and use it in chats; editors can also rename, move and add files.
          </DialogDescription>
        </DialogHeader>
        {!isOwner ? (
          <Alert variant="error">Only the owner can share this.</Alert>
        ) : (
          <div className="grid gap-4">
            {error ? <Alert variant="error">{error}</Alert> : null}
            <section aria-labelledby="share-add-heading" className="grid gap-2">
              <h3 id="share-add-heading" className="font-medium text-[13px]">
                Add people
              </h3>
              <div className="flex items-center gap-2">
                <div className="relative flex-1">
                  <Search
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
                  />
                  <Input
                    value={filter}
                    onChange={(event) => setFilter(event.target.value)}
                    placeholder="Search members by name or email"
                    aria-label="Search members"
                    data-testid="share-member-search"
                    className="h-8 pl-8 text-[13px]"
                  />
                </div>
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
                        disabled={setShare.isPending}
                        onClick={() => void grant({ userId: member._id }, role)}
                      >
                        <UserPlus aria-hidden="true" />
                        Add
                      </Button>
                    </li>
                  ))
                )}
              </ul>
            </section>

            <section aria-labelledby="share-access-heading" className="grid gap-2">
              <h3 id="share-access-heading" className="font-medium text-[13px]">
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
                      onChange={(next) => void grant({ organization: true }, next)}
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
                          ? void grant({ organization: true }, role)
                          : removeShare.mutate({ ...target, grantee: { organization: true } })
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
                      onChange={(next) => void grant({ userId: member.userId }, next)}
                      label={`Role for ${member.name}`}
                      testId="share-member-role"
                    />
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Remove ${member.name}'s access`}
                      data-testid="share-remove-member"
                      onClick={() =>
                        removeShare.mutate({ ...target, grantee: { userId: member.userId } })
                      }
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
