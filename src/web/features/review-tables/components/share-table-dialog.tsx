import { useQuery } from "@tanstack/react-query";
import { Building2, Search, UserPlus, X } from "lucide-react";
import { useMemo, useState } from "react";
import type { ShareRole } from "#shared/schemas/share.ts";
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
import { shareableMembersOptions, tableSharesOptions } from "../api/detail-queries.ts";
import { useShareTable, useUnshareTable } from "../hooks/use-table-mutations.ts";

const roleSelectClass =
  "h-8 rounded-md border bg-background px-2 text-[13px] outline-none focus-visible:ring-2 focus-visible:ring-ring";

function RoleSelect(props: {
  value: ShareRole;
  onChange: (role: ShareRole) => void;
  label: string;
  testId: string;
}) {
  return (
    <select
      aria-label={props.label}
      data-testid={props.testId}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value === "editor" ? "editor" : "viewer")}
      className={roleSelectClass}
    >
      <option value="viewer">Can view</option>
      <option value="editor">Can edit</option>
    </select>
  );
}

type Grantee = { userId: string } | { organization: true };

/**
 * Share a table (owner only; decision 023's model, tables.share): members of
 * the organization or all of it, as viewers (read, export) or editors (also
 * add rows and columns, fill, correct cells). The same layout as the
 * dossier's share dialog.
 */
export function ShareTableDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tableId: string;
  tableName: string;
}) {
  const { open, onOpenChange, tableId } = props;
  const access = useQuery({ ...tableSharesOptions(tableId), enabled: open });
  const members = useQuery({ ...shareableMembersOptions(), enabled: open });
  const share = useShareTable();
  const unshare = useUnshareTable();
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

  const grant = async (grantee: Grantee, as: ShareRole) => {
    setError(null);
    try {
      await share.mutateAsync({ tableId, grantee, role: as });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not share.");
    }
  };
  const organization = access.data?.organization ?? null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="table-share-dialog"
        aria-describedby="table-share-description"
        className="sm:max-w-lg"
      >
        <DialogHeader>
          <DialogTitle>Share “{props.tableName}”</DialogTitle>
          <DialogDescription id="table-share-description">
            Viewers see the table and export it; editors can also add documents and questions, fill
            and correct answers. Each person only sees the rows of documents they may read.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {error || access.error ? (
            <Alert variant="error">{error ?? access.error?.message}</Alert>
          ) : null}
          <section aria-labelledby="table-share-add" className="grid gap-2">
            <h3 id="table-share-add" className="font-medium text-[13px]">
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
                  className="h-8 pl-8 text-[13px]"
                />
              </div>
              <RoleSelect
                value={role}
                onChange={setRole}
                label="Role for new people"
                testId="table-share-role"
              />
            </div>
            <ul aria-label="Members" className="max-h-40 overflow-y-auto rounded-md border">
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
                      <p className="truncate text-[11.5px] text-muted-foreground">{member.email}</p>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      className="h-7"
                      aria-label={`Share with ${member.name}`}
                      data-testid="table-share-add-member"
                      disabled={share.isPending}
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
          <section aria-labelledby="table-share-access" className="grid gap-2">
            <h3 id="table-share-access" className="font-medium text-[13px]">
              Who has access
            </h3>
            <ul className="grid gap-1" data-testid="table-share-access">
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
                    testId="table-share-organization-role"
                  />
                ) : null}
                <label className="flex items-center gap-1.5 text-[12.5px]">
                  <input
                    type="checkbox"
                    data-testid="table-share-organization"
                    checked={organization !== null}
                    onChange={(event) =>
                      event.target.checked
                        ? void grant({ organization: true }, role)
                        : unshare.mutate({ tableId, grantee: { organization: true } })
                    }
                  />
                  Share
                </label>
              </li>
              {access.data?.members.map((member) => (
                <li
                  key={member.userId}
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
                    testId="table-share-member-role"
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Remove ${member.name}'s access`}
                    onClick={() => unshare.mutate({ tableId, grantee: { userId: member.userId } })}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => onOpenChange(false)}
            data-testid="table-share-done"
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
