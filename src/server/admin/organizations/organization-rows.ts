import { and, asc, count, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AdminOrganization } from "#shared/schemas/admin-organizations.ts";
import { type Database, type Executor, readTogether } from "../../db/database.ts";
import { invitations, organizations, usageTotals, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { organizationUsage } from "./organization-usage.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Organizations with their figures (decision 026): a few grouped statements, each one pass
 * over an indexed table or a rollup, joined here: members and invitations from their
 * tables, documents and storage from usage_totals, the last 30 days from usage_daily
 * (organization-usage.ts). Never the documents or messages tables.
 */
async function organizationsWithFigures(
  db: Executor,
  database: Database,
  where: SQL | undefined,
): Promise<AdminOrganization[]> {
  const rows = await db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  if (rows.length === 0) return [];
  // All of them: one pass over each table; a few: only theirs.
  const ids = rows.map((row) => row.id);
  const only = (
    column:
      | typeof users.organizationId
      | typeof invitations.organizationId
      | typeof usageTotals.organizationId,
  ) => (where ? inArray(column, ids) : undefined);
  // In a transaction when an organization was just changed (change-organization.ts).
  const [members, pending, totals, usage] = await readTogether(db, [
    () =>
      db
        .select({
          organizationId: users.organizationId,
          members: sql<number>`count(*) filter (where not ${users.disabled})::int`,
          admins: sql<number>`count(*) filter (where not ${users.disabled} and ${users.role} = 'OrganizationAdmin')::int`,
        })
        .from(users)
        .where(only(users.organizationId))
        .groupBy(users.organizationId),
    () =>
      db
        .select({ organizationId: invitations.organizationId, n: count() })
        .from(invitations)
        .where(
          and(
            only(invitations.organizationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, new Date()),
          ),
        )
        .groupBy(invitations.organizationId),
    () => db.select().from(usageTotals).where(only(usageTotals.organizationId)),
    () => organizationUsage(db, database),
  ] as const);
  const memberOf = new Map(members.map((m) => [m.organizationId, m]));
  const pendingOf = new Map(pending.map((p) => [p.organizationId, Number(p.n)]));
  const total = (organizationId: string, metric: string) =>
    Number(
      totals.find((t) => t.organizationId === organizationId && t.metric === metric)?.value ?? 0,
    );
  return rows.map((row) => {
    const used = usage.get(row.id);
    return {
      _id: row.id,
      name: row.name,
      slug: row.slug,
      memberCount: Number(memberOf.get(row.id)?.members ?? 0),
      adminCount: Number(memberOf.get(row.id)?.admins ?? 0),
      pendingInvitations: pendingOf.get(row.id) ?? 0,
      documentCount: total(row.id, "documents"),
      storageBytes: total(row.id, "bytes"),
      usage: {
        threads: used?.threads ?? 0,
        messages: used?.messages ?? 0,
        tokens: used?.tokens ?? 0,
        activeUsers: used?.activeUsers ?? 0,
      },
      status: row.suspendedAt ? "suspended" : "active",
      suspendedAt: row.suspendedAt?.getTime() ?? null,
      suspendedReason: row.suspendedReason,
      createdAt: row.createdAt.getTime(),
    };
  });
}

/** Every organization, or those whose name or slug contains `search` (ignoring case). */
export async function listAdminOrganizations(
  db: Executor,
  database: Database,
  search?: string,
): Promise<AdminOrganization[]> {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return organizationsWithFigures(
    db,
    database,
    pattern
      ? or(ilike(organizations.name, pattern), ilike(organizations.slug, pattern))
      : undefined,
  );
}

/** One organization with its figures, or undefined (a malformed id is none). */
export async function findAdminOrganization(
  db: Executor,
  database: Database,
  organizationId: string,
): Promise<AdminOrganization | undefined> {
  if (!isUuid(organizationId)) return undefined;
  const [found] = await organizationsWithFigures(
    db,
    database,
    eq(organizations.id, organizationId),
  );
  return found;
}
