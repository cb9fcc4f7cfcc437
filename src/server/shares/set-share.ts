import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { ShareGrantee, ShareRole } from "#shared/schemas/share.ts";
import type { Executor } from "../db/database.ts";
import { dossierShares, users } from "../db/schema.ts";
import { isUuid, newId } from "../ids.ts";
import { notify } from "../notifications/notify.ts";
import type { OwnedEntity } from "./entity-access.ts";

const NOT_A_MEMBER = "Choose a member of your organization.";

function invalidGrantee(message: string): AppError {
  return new AppError("INVALID_ARGS", message, {
    issues: [{ path: "grantee.userId", message }],
  });
}

/** A member of the entity's organization other than its owner; else INVALID_ARGS. */
async function requireGranteeMember(
  db: Executor,
  entity: OwnedEntity,
  userId: string,
): Promise<string> {
  if (!isUuid(userId)) throw invalidGrantee(NOT_A_MEMBER);
  const [member] = await db
    .select({ id: users.id, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, entity.organizationId)));
  if (!member || member.disabled) throw invalidGrantee(NOT_A_MEMBER);
  if (member.id === entity.ownerId) {
    throw invalidGrantee("You own this already; choose someone else to share it with.");
  }
  return member.id;
}

function granteeCondition(entity: OwnedEntity, granteeUserId: string | null) {
  return and(
    eq(dossierShares.entityType, entity.entityType),
    eq(dossierShares.entityId, entity.id),
    granteeUserId === null
      ? isNull(dossierShares.granteeUserId)
      : eq(dossierShares.granteeUserId, granteeUserId),
  );
}

/** Grant (or change the role of) access to one member or the whole organization. */
export async function setShare(options: {
  db: Executor;
  entity: OwnedEntity;
  grantee: ShareGrantee;
  role: ShareRole;
  createdBy: string;
}): Promise<void> {
  const { db, entity, role } = options;
  const granteeUserId =
    "userId" in options.grantee
      ? await requireGranteeMember(db, entity, options.grantee.userId)
      : null;
  const updated = await db
    .update(dossierShares)
    .set({ role, updatedAt: new Date() })
    .where(granteeCondition(entity, granteeUserId))
    .returning({ id: dossierShares.id });
  if (updated.length > 0) return;
  const inserted = await db
    .insert(dossierShares)
    .values({
      id: newId(),
      organizationId: entity.organizationId,
      entityType: entity.entityType,
      entityId: entity.id,
      granteeUserId,
      role,
      createdBy: options.createdBy,
    })
    // Two owners' tabs granting at once: the first wins, the second changes nothing.
    .onConflictDoNothing()
    .returning({ id: dossierShares.id });
  // A member given access hears of it (a share with the whole organization tells nobody:
  // one notification per member for one click would be noise; decision 022).
  if (granteeUserId && inserted.length > 0) {
    const [sharer] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, options.createdBy));
    const who = sharer ? `${sharer.firstName} ${sharer.lastName}`.trim() : "Someone";
    await notify(db, {
      organizationId: entity.organizationId,
      userId: granteeUserId,
      kind: "share.received",
      title: `${who} shared “${entity.name}” with you`,
      body: role === "editor" ? "You can view and edit it." : "You can view it.",
      link: "/dossier/shared",
      data: { entityType: entity.entityType, entityId: entity.id, role },
    });
  }
}

/** Take a grant back; one that does not exist changes nothing. */
export async function removeShare(options: {
  db: Executor;
  entity: OwnedEntity;
  grantee: ShareGrantee;
}): Promise<void> {
  const { db, entity, grantee } = options;
  if ("userId" in grantee && !isUuid(grantee.userId)) return;
  await db
    .delete(dossierShares)
    .where(granteeCondition(entity, "userId" in grantee ? grantee.userId : null));
}
