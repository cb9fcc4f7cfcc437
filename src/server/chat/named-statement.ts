import { entityKind, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";

/** At most this many texts get a name (a fixed statement has a few shapes at most). */
const MAX_NAMES = 32;
const names = new Map<string, string>();

interface DrizzleInternals {
  session?: {
    constructor: { [entityKind]?: string };
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
  dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/** A fixed statement run by name: its rows as objects (column aliases), nothing mapped. */
export type NamedRead = (values: Record<string, unknown>) => Promise<unknown[]>;

/**
 * A fixed-text read prepared once under `name` (its parameters are `sql.placeholder`s), run
 * through drizzle's session without drizzle's row mapping: node-postgres' or PGlite's own rows,
 * timestamps as the database's text (both sessions keep them so), json parsed, booleans and
 * integers as such. On PostgreSQL a named statement per pooled connection; on PGlite every
 * statement is one already (pglite-prepared.ts). Statement stats and the query log see it as
 * any drizzle statement.
 */
export function prepareNamedRead(db: Db, name: string, query: SQL): NamedRead {
  const internals = db as unknown as DrizzleInternals;
  if (!internals.session || !internals.dialect) throw new Error("not a drizzle database");
  const prepared = internals.session.prepareQuery(
    internals.dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  ) as unknown as { execute(values: Record<string, unknown>): Promise<unknown> };
  return async (values) => rowsOf(await prepared.execute(values));
}

/**
 * `db.execute(query)`, as a named prepared statement on PostgreSQL (decision 032, fourth round):
 * node-postgres parses it once per pooled connection under a name made from `prefix` and its
 * text, and PostgreSQL keeps its plan (custom plans for five executions, then the generic one).
 * For the chat turn's fixed-text statements (the write, the final save): their custom plans cost
 * 0.06-0.2 ms of planning per execution against 0.01-0.02 for the generic one. On PGlite every
 * statement is already a named statement (pglite-prepared.ts): this is `db.execute`. A text is
 * only named while fewer than MAX_NAMES texts were: one that varies without bound runs unnamed.
 */
export function executeNamed(db: Db | Tx, prefix: string, query: SQL): Promise<unknown> {
  const internals = db as unknown as DrizzleInternals;
  const session = internals.session;
  if (session?.constructor[entityKind] !== "NodePgSession" || !internals.dialect) {
    return db.execute(query);
  }
  const built = internals.dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) return db.execute(query);
    name = `${prefix}_${names.size + 1}`;
    names.set(built.sql, name);
  }
  return session.prepareQuery(built, undefined, name, false).execute();
}
