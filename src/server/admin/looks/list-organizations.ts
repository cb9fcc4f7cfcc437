import { asc, sql } from "drizzle-orm";
import type { AdminOrganization } from "#shared/schemas/admin-looks.ts";
import type { Executor } from "../../db/database.ts";
import { documents, folders, organizations, users } from "../../db/schema.ts";

/** Qualified by hand: drizzle leaves columns bare in a one-table select, where "id" would mean the subquery's. */
/** Every organization with its dossier's size and its members, by name (not a look: no content). */
export async function listAdminOrganizations(db: Executor): Promise<AdminOrganization[]> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      documentCount: sql<number>`(select count(*)::int from ${documents} d where d.organization_id = "organizations"."id")`,
      folderCount: sql<number>`(select count(*)::int from ${folders} f where f.organization_id = "organizations"."id")`,
      memberCount: sql<number>`(select count(*)::int from ${users} u where u.organization_id = "organizations"."id")`,
    })
    .from(organizations)
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
    .limit(1000);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    documentCount: Number(row.documentCount),
    folderCount: Number(row.folderCount),
    memberCount: Number(row.memberCount),
  }));
}
