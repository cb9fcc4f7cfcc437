import MoreHorizontal from "lucide-react/icons/ellipsis";
import ShieldCheck from "lucide-react/icons/shield-check";
import UserMinus from "lucide-react/icons/user-minus";
import UserRound from "lucide-react/icons/user-round";
import { useState } from "react";
import type { Member } from "#shared/schemas/organization.ts";
import { Avatar, initialsOf } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { formatDate, relativeTime } from "../../../lib/format-date.ts";
import { useSetMemberRole } from "../hooks/use-organization-mutations.ts";
import { RemoveMemberDialog } from "./remove-member-dialog.tsx";
import { RoleBadge } from "./role-badge.tsx";

const fullName = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** Everyone in the organization; admins also change roles and remove people. */
export function MembersCard({ members, canManage }: { members: Member[]; canManage: boolean }) {
  const setRole = useSetMemberRole();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [steppingDown, setSteppingDown] = useState<Member | null>(null);
  return (
    <Card aria-labelledby="org-members-title" role="region" data-testid="org-members">
      <CardHeader className="pb-4">
        <CardTitle id="org-members-title">Members</CardTitle>
        <CardDescription>
          {canManage
            ? "Everyone in your organization. Admins manage members, invitations, prompts and settings."
            : "Everyone in your organization."}
        </CardDescription>
      </CardHeader>
      <div className="overflow-x-auto border-t">
        <table className="w-full min-w-[640px] text-sm" data-testid="members-table">
          <thead>
            <tr className="text-left text-muted-foreground text-xs">
              <th scope="col" className="px-6 py-2.5 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Role
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Last active
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Joined
              </th>
              {canManage ? (
                <th scope="col" className="w-12 px-3 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr
                key={member._id}
                className="border-t transition-colors hover:bg-muted/30"
                data-testid="member-row"
                data-email={member.email}
              >
                <td className="px-6 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar
                      initials={initialsOf(member.firstName, member.lastName, member.email)}
                    />
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 truncate font-medium">
                        <span className="truncate" data-testid="member-name">
                          {fullName(member)}
                        </span>
                        {member.isMe ? (
                          <span className="rounded bg-muted px-1.5 py-px font-normal text-[10px] text-muted-foreground">
                            You
                          </span>
                        ) : null}
                        {member.disabled ? (
                          <span className="rounded bg-destructive/10 px-1.5 py-px font-normal text-[10px] text-destructive">
                            Disabled
                          </span>
                        ) : null}
                      </p>
                      <p
                        className="truncate text-muted-foreground text-xs"
                        data-testid="member-email"
                      >
                        {member.email}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="px-3 py-3">
                  <RoleBadge role={member.role} isSuperadmin={member.isSuperadmin} />
                </td>
                <td className="px-3 py-3 text-muted-foreground">
                  {member.lastActiveAt ? (
                    <time
                      dateTime={new Date(member.lastActiveAt).toISOString()}
                      title={new Date(member.lastActiveAt).toLocaleString()}
                    >
                      {relativeTime(member.lastActiveAt)}
                    </time>
                  ) : (
                    "Never"
                  )}
                </td>
                <td className="px-3 py-3 text-muted-foreground">{formatDate(member.joinedAt)}</td>
                {canManage ? (
                  <td className="px-3 py-3 text-right">
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Actions for ${fullName(member)}`}
                          data-testid="member-actions"
                        >
                          <MoreHorizontal aria-hidden="true" />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end">
                        {member.role === "Member" ? (
                          <DropdownMenuItem
                            onSelect={() =>
                              setRole.mutate({ userId: member._id, role: "OrganizationAdmin" })
                            }
                            data-testid="member-make-admin"
                          >
                            <ShieldCheck aria-hidden="true" />
                            Make admin
                          </DropdownMenuItem>
                        ) : (
                          <DropdownMenuItem
                            onSelect={() =>
                              member.isMe
                                ? setSteppingDown(member)
                                : setRole.mutate({ userId: member._id, role: "Member" })
                            }
                            data-testid="member-make-member"
                          >
                            <UserRound aria-hidden="true" />
                            {member.isMe ? "Step down to member" : "Make member"}
                          </DropdownMenuItem>
                        )}
                        {member.isMe ? null : (
                          <>
                            <DropdownMenuSeparator />
                            <DropdownMenuItem
                              variant="destructive"
                              onSelect={() => setRemoving(member)}
                              data-testid="member-remove"
                            >
                              <UserMinus aria-hidden="true" />
                              Remove from organization…
                            </DropdownMenuItem>
                          </>
                        )}
                      </DropdownMenuContent>
                    </DropdownMenu>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {steppingDown ? (
        <Dialog open onOpenChange={(open) => !open && setSteppingDown(null)}>
          <DialogContent data-testid="step-down-dialog" aria-describedby="step-down-description">
            <DialogHeader>
              <DialogTitle>Step down to member?</DialogTitle>
              <DialogDescription id="step-down-description">
                You will no longer manage members, invitations, prompts or settings. Another admin
                can make you an admin again.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="ghost" onClick={() => setSteppingDown(null)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                data-testid="step-down-confirm"
                onClick={() => {
                  setRole.mutate({ userId: steppingDown._id, role: "Member" });
                  setSteppingDown(null);
                }}
              >
                Step down
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
      {removing ? (
        <RemoveMemberDialog
          member={removing}
          members={members}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
        />
      ) : null}
    </Card>
  );
}
