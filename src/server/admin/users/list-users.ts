import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type {
  AdminUserFilters,
  AdminUserRow,
  LastActiveFilter,
} from "#shared/schemas/admin-user.ts";
import type { Executor } from "../../db/database.ts";
import { organizations, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { adminUserColumns, adminUserView } from "./user-view.ts";

export interface ListUsersOptions extends AdminUserFilters {
  db: Executor;
  numItems: number;
  cursor: string | null;
}

export interface UserPage {
  page: AdminUserRow[];
  isDone: boolean;
  continueCursor: string;
}

const LAST_ACTIVE_DAYS: Record<Exclude<LastActiveFilter, "never">, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
};

/** lower(email) is unique (users_email_lower_idx): the one key of a stable order. */
const emailKey = sql<string>`lower(${users.email})`;
/**
 * The same order, in a form no index provides. A search of 3 characters or
 * more is ordered by it so that PostgreSQL gathers the matches through the
 * prefix indexes and sorts them (cost: the number of matches), instead of
 * walking every user in email order until enough match: the planner cannot
 * know that people named "Zoe" sit at the end of that order (decision 025).
 */
const emailKeyUnindexed = sql<string>`(lower(${users.email}) || '')`;
const SEARCH_BY_MATCHES_FROM = 3;

/** Cursors: the last row's lower(email), opaque to the caller. */
const encodeCursor = (key: string) => Buffer.from(key, "utf8").toString("base64url");

function decodeCursor(value: string): string {
  const key = Buffer.from(value, "base64url").toString("utf8");
  if (
    key.length === 0 ||
    key.length > 300 ||
    Buffer.from(key, "utf8").toString("base64url") !== value
  ) {
    throw new AppError(
      "INVALID_ARGS",
      "This page of the list is no longer valid. Reload the list and try again.",
      { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
    );
  }
  return key;
}

/** A LIKE pattern matching what starts with `text` (its %, _ and \ taken literally). */
const startsWith = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/**
 * Prefix search on first name, last name, "first last" and email, each served
 * by its lower(...) text_pattern_ops index (migration of decision 025).
 */
function searchCondition(search: string): SQL {
  const pattern = startsWith(search);
  return sql`(lower(${users.email}) like ${pattern}
    or lower(${users.firstName}) like ${pattern}
    or lower(${users.lastName}) like ${pattern}
    or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`;
}

function lastActiveCondition(filter: LastActiveFilter): SQL {
  if (filter === "never") return isNull(users.lastActiveAt);
  const days = LAST_ACTIVE_DAYS[filter];
  return sql`${users.lastActiveAt} >= now() - make_interval(days => ${days})`;
}

/**
 * One page of every user, ordered by lower(email). Keyset pagination
 * (`lower(email) > cursor`, no OFFSET, no total count): a deep page costs
 * what the first does, at any number of users.
 */
export async function listUsers(options: ListUsersOptions): Promise<UserPage> {
  const { db, numItems } = options;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const search = options.search?.trim();
  if (options.organizationId && !isUuid(options.organizationId)) {
    return { page: [], isDone: true, continueCursor: options.cursor ?? "" };
  }
  const rows = await db
    .select({ ...adminUserColumns, key: emailKey })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        options.organizationId === null
          ? isNull(users.organizationId)
          : options.organizationId
            ? eq(users.organizationId, options.organizationId)
            : undefined,
        options.role ? eq(users.role, options.role) : undefined,
        options.superadmin !== undefined ? eq(users.isSuperadmin, options.superadmin) : undefined,
        options.disabled !== undefined ? eq(users.disabled, options.disabled) : undefined,
        options.lastActive ? lastActiveCondition(options.lastActive) : undefined,
        search ? searchCondition(search) : undefined,
        after ? gt(emailKey, after) : undefined,
      ),
    )
    .orderBy(search && search.length >= SEARCH_BY_MATCHES_FROM ? emailKeyUnindexed : emailKey)
    .limit(numItems + 1);
  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(adminUserView),
    isDone,
    continueCursor: last ? encodeCursor(last.key) : (options.cursor ?? ""),
  };
}
