import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { EntityAccess, ShareEntityType } from "#shared/schemas/share.ts";
import type { Executor } from "../db/database.ts";
import { dossierShares, users } from "../db/schema.ts";
import {
  type DossierCaller,
  requireDocumentAccess,
  requireFolderAccess,
} from "../dossier/access.ts";

export interface OwnedEntity {
  entityType: ShareEntityType;
  id: string;
  organizationId: string;
  ownerId: string | null;
  name: string;
}

/**
 * A folder or document the caller owns: "not found" when they cannot read it,
 * FORBIDDEN when they can but it is not theirs (only the owner shares).
 */
export async function requireOwnedEntity(
  db: Executor,
  caller: DossierCaller,
  entityType: ShareEntityType,
  entityId: string,
): Promise<OwnedEntity> {
  if (entityType === "folder") {
    const { folder } = await requireFolderAccess(db, caller, entityId, "own");
    return { entityType, ...pick(folder) };
  }
  const { document } = await requireDocumentAccess(db, caller, entityId, "own");
  return { entityType, ...pick(document) };
}

function pick(row: { id: string; organizationId: string; ownerId: string | null; name: string }) {
  return { id: row.id, organizationId: row.organizationId, ownerId: row.ownerId, name: row.name };
}

/** Who has access to an entity besides its owner. */
export async function listEntityAccess(db: Executor, entity: OwnedEntity): Promise<EntityAccess> {
  const target = and(
    eq(dossierShares.entityType, entity.entityType),
    eq(dossierShares.entityId, entity.id),
  );
  const [organization] = await db
    .select({ role: dossierShares.role })
    .from(dossierShares)
    .where(and(target, isNull(dossierShares.granteeUserId)));
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: dossierShares.role,
    })
    .from(dossierShares)
    .innerJoin(users, eq(users.id, dossierShares.granteeUserId))
    .where(and(target, isNotNull(dossierShares.granteeUserId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return {
    ownerId: entity.ownerId,
    organization: organization ? { role: organization.role } : null,
    members: members.map((m) => ({
      userId: m.userId,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      email: m.email,
      role: m.role,
    })),
  };
}
