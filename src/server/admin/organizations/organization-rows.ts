import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import {
  type AdminOrganization,
  ORGANIZATION_USAGE_DAYS,
} from "#shared/schemas/admin-organizations.ts";
import type { Executor } from "../../db/database.ts";
import { organizations } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";

/** The first UTC day ("2026-11-01") of the last `days` days, today included. */
export function firstDayOf(days: number, now = new Date()): string {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)),
  );
  return start.toISOString().slice(0, 10);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Organizations with their figures, one statement: members and invitations
 * from their indexed columns, documents and storage from usage_totals, the
 * last 30 days from usage_daily (decision 026). Never the documents or
 * messages tables.
 */
async function selectOrganizations(db: Executor, where: SQL | undefined) {
  const since = firstDayOf(ORGANIZATION_USAGE_DAYS);
  // Hand-written subqueries: drizzle leaves columns unqualified inside a select's sql, and
  // "id" would then name the subquery's own table. Tables stay quoted for the read tracker.
  const usage = (metric: string) =>
    sql<string>`coalesce((select sum(d.value) from "usage_daily" d
      where d.organization_id = "organizations"."id" and d.day >= ${since} and d.metric = ${metric}), 0)`;
  const total = (metric: string) =>
    sql<string>`coalesce((select t.value from "usage_totals" t
      where t.organization_id = "organizations"."id" and t.metric = ${metric}), 0)`;
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      suspendedAt: organizations.suspendedAt,
      suspendedReason: organizations.suspendedReason,
      createdAt: organizations.createdAt,
      members: sql<number>`(select count(*)::int from "users" u
        where u.organization_id = "organizations"."id" and not u.disabled)`,
      admins: sql<number>`(select count(*)::int from "users" u
        where u.organization_id = "organizations"."id" and not u.disabled
        and u.role = 'OrganizationAdmin')`,
      pending: sql<number>`(select count(*)::int from "invitations" i
        where i.organization_id = "organizations"."id" and i.accepted_at is null
        and i.revoked_at is null and i.expires_at > now())`,
      documents: total("documents"),
      bytes: total("bytes"),
      threads: usage("threads"),
      messages: usage("messages"),
      tokens: usage("tokens"),
      activeUsers: usage("active_users"),
    })
    .from(organizations)
    .where(where)
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
}

type Row = Awaited<ReturnType<typeof selectOrganizations>>[number];

function toView(row: Row): AdminOrganization {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    memberCount: Number(row.members),
    adminCount: Number(row.admins),
    pendingInvitations: Number(row.pending),
    documentCount: Number(row.documents),
    storageBytes: Number(row.bytes),
    usage: {
      threads: Number(row.threads),
      messages: Number(row.messages),
      tokens: Number(row.tokens),
      activeUsers: Number(row.activeUsers),
    },
    status: row.suspendedAt ? "suspended" : "active",
    suspendedAt: row.suspendedAt?.getTime() ?? null,
    suspendedReason: row.suspendedReason,
    createdAt: row.createdAt.getTime(),
  };
}

/** Every organization, or those whose name or slug contains `search` (ignoring case). */
export async function listAdminOrganizations(
  db: Executor,
  search?: string,
): Promise<AdminOrganization[]> {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const rows = await selectOrganizations(
    db,
    pattern
      ? or(ilike(organizations.name, pattern), ilike(organizations.slug, pattern))
      : undefined,
  );
  return rows.map(toView);
}

/** One organization with its figures, or undefined (a malformed id is none). */
export async function findAdminOrganization(
  db: Executor,
  organizationId: string,
): Promise<AdminOrganization | undefined> {
  if (!isUuid(organizationId)) return undefined;
  const [row] = await selectOrganizations(db, and(eq(organizations.id, organizationId)));
  return row ? toView(row) : undefined;
}
