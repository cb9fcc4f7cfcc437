import { and, eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Invitation, InvitationStatus } from "#shared/schemas/organization.ts";
import type { Executor } from "../db/database.ts";
import { invitations } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export type InvitationRow = typeof invitations.$inferSelect;

/** Where an invitation stands: revoked and accepted are final; pending ones expire. */
export function invitationStatus(
  row: Pick<InvitationRow, "revokedAt" | "acceptedAt" | "expiresAt">,
  now = Date.now(),
): InvitationStatus {
  if (row.revokedAt) return "revoked";
  if (row.acceptedAt) return "accepted";
  if (row.expiresAt.getTime() <= now) return "expired";
  return "pending";
}

export function invitationView(row: InvitationRow, invitedBy: string | null): Invitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row),
    invitedBy,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    lastSentAt: row.lastSentAt?.getTime() ?? null,
    sendCount: row.sendCount,
    acceptedAt: row.acceptedAt?.getTime() ?? null,
  };
}

/** An invitation of the organization, locked for the change; anything else is "not found". */
export async function requireInvitation(
  db: Executor,
  organizationId: string,
  invitationId: string,
): Promise<InvitationRow> {
  const rows = isUuid(invitationId)
    ? await db
        .select()
        .from(invitations)
        .where(
          and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)),
        )
        .for("update")
    : [];
  if (!rows[0]) throw notFound("Invitation");
  return rows[0];
}
