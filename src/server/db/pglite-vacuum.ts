/**
 * VACUUM for PGlite (decision 040). PGlite has no autovacuum, so without this nothing ever
 * vacuums the embedded database: dead row versions (every update and delete leaves one) stay in
 * the tables and their indexes, which then only grow and get slower to read; pages are never
 * marked all-visible (no index-only scans); and no row is ever frozen, so after about two billion
 * transactions their ids wrap around and committed rows would vanish from view. PGlite runs
 * PostgreSQL as a single-user backend, whose only guard there is a warning.
 *
 * The rules are autovacuum's own, read from PostgreSQL's settings, on the counts PGlite's backend
 * keeps in its cumulative statistics (flushed at most once a second, as any backend's): a table
 * is vacuumed once its dead rows pass autovacuum_vacuum_threshold + _scale_factor × its rows,
 * its rows inserted since its last vacuum pass autovacuum_vacuum_insert_threshold +
 * _insert_scale_factor × its rows, or its oldest unfrozen transaction (or multixact) id is older
 * than autovacuum_freeze_max_age (autovacuum_multixact_freeze_max_age). The system catalogs
 * count too (ANALYZE rewrites pg_statistic's rows), and a table's TOAST table is vacuumed with it.
 *
 * PGlite does not keep those counts across a restart (they start at 0 each time the database is
 * opened), so dead rows left by the run before would go uncounted: the first round after a start
 * vacuums every table instead (vacuumAllTables). Pages a VACUUM marked all-visible are skipped,
 * so on a database kept this way that round is short.
 */

/** What a vacuum round needs of a database: PGlite's client, in its thread or another's. */
export interface VacuumClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/**
 * Puts what this backend counted (rows changed, dead, inserted) into the cumulative statistics,
 * which it otherwise does at most once a second: it goes in as this statement ends, so the next
 * statement reads it.
 */
export async function flushCounts(client: VacuumClient): Promise<void> {
  await client.query("select pg_stat_force_next_flush()");
}

/** The ages past which a table is vacuumed whatever its counts (tests lower them). */
export interface FreezeAges {
  /** Transaction ids (autovacuum_freeze_max_age unless given). */
  xid?: number;
  /** Multixact ids (autovacuum_multixact_freeze_max_age unless given). */
  multixact?: number;
}

/** A setting's value as a number in SQL, or the given whole number instead. */
function ageLimit(given: number | undefined, setting: string): string {
  if (given === undefined) return `current_setting('${setting}')::float8`;
  if (!Number.isSafeInteger(given) || given < 0) {
    throw new Error(`${setting}: expected a whole number of 0 or more, got ${given}`);
  }
  return String(given);
}

/** A table to vacuum. */
export interface TableToVacuum {
  /** As written in the statement, schema-qualified and quoted where it has to be. */
  name: string;
  /** Its size with its indexes and TOAST table (pg_total_relation_size), in bytes. */
  bytes: number;
  /** Due by its age (freezing), which nothing should put off. */
  urgent: boolean;
}

/**
 * The tables (and materialized views) due a VACUUM by autovacuum's rules (TableToVacuum); a
 * TOAST table due makes its owner due. Most dead rows first. `reltuples` is -1 for a table never
 * vacuumed or analyzed: counted as 0 rows.
 */
function dueTablesSql(ages: FreezeAges): string {
  const xidAge = ageLimit(ages.xid, "autovacuum_freeze_max_age");
  const mxidAge = ageLimit(ages.multixact, "autovacuum_multixact_freeze_max_age");
  return `with rel as (
    select c.oid, c.relkind, c.relname, c.relnamespace, c.reltoastrelid,
      greatest(c.reltuples, 0) as tuples,
      age(c.relfrozenxid) as xid_age, mxid_age(c.relminmxid) as mxid_age,
      coalesce(s.n_dead_tup, 0) as dead, coalesce(s.n_ins_since_vacuum, 0) as inserted
    from pg_class c
    left join pg_stat_all_tables s on s.relid = c.oid
    where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't'
  ), due as (
    select rel.oid, rel.dead, (rel.xid_age > ${xidAge} or rel.mxid_age > ${mxidAge}) as urgent
    from rel
    where rel.dead > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * rel.tuples
      or rel.inserted > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * rel.tuples
      or rel.xid_age > ${xidAge}
      or rel.mxid_age > ${mxidAge}
  )
  select format('%I.%I', n.nspname, owner.relname) as "name",
    pg_total_relation_size(owner.oid)::float8 as "bytes", bool_or(due.urgent) as "urgent"
  from rel owner
  join pg_namespace n on n.oid = owner.relnamespace
  join due on due.oid = owner.oid or due.oid = owner.reltoastrelid
  where owner.relkind in ('r', 'm')
  group by n.nspname, owner.relname, owner.oid
  order by max(due.dead) desc, 1`;
}

/**
 * VACUUM of every table due one by autovacuum's rules (above), one statement per table so the
 * server's statements go on between them (PGlite runs one statement at a time); the names
 * vacuumed, in that order (none: nothing ran). The counts it reads are flushed first. Once
 * `signal` is aborted (the database is closing) no further table is started.
 * Throws what the statements throw; the tables before the failing one stay vacuumed.
 */
export async function vacuumDueTables(
  client: VacuumClient,
  ages: FreezeAges = {},
  signal?: AbortSignal,
): Promise<string[]> {
  return vacuumTables(client, await dueTables(client, ages), signal);
}

/**
 * The tables due a VACUUM by autovacuum's rules (above), most dead rows first, with their sizes
 * (for the upkeep, which puts a large one off to a quiet moment). The counts are flushed first.
 */
export async function dueTables(
  client: VacuumClient,
  ages: FreezeAges = {},
): Promise<TableToVacuum[]> {
  await flushCounts(client);
  return (await client.query<TableToVacuum>(dueTablesSql(ages))).rows;
}

/** Every table and materialized view of the database, the catalogs too (TableToVacuum). */
const ALL_TABLES = `select format('%I.%I', n.nspname, c.relname) as "name",
    pg_total_relation_size(c.oid)::float8 as "bytes", false as "urgent"
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and c.relpersistence <> 't'
  order by 1`;

/** Every table of the database with its size (vacuumAllTables' list). */
export async function allTables(client: VacuumClient): Promise<TableToVacuum[]> {
  return (await client.query<TableToVacuum>(ALL_TABLES)).rows;
}

/**
 * VACUUM of every table, one statement per table (as vacuumDueTables), for the first round after
 * a start, when the counts the rules read were lost with the last run. The names vacuumed, in
 * order; none once `signal` is aborted. Throws what the statements throw.
 */
export async function vacuumAllTables(
  client: VacuumClient,
  signal?: AbortSignal,
): Promise<string[]> {
  return vacuumTables(client, await allTables(client), signal);
}

/**
 * VACUUM of the given tables, one statement each, in order; the names vacuumed (none once
 * `signal` is aborted). Throws what the statements throw; the tables before stay vacuumed.
 */
export async function vacuumTables(
  client: VacuumClient,
  rows: ReadonlyArray<{ name: string }>,
  signal?: AbortSignal,
): Promise<string[]> {
  const vacuumed: string[] = [];
  for (const { name } of rows) {
    if (signal?.aborted) break;
    await client.exec(`VACUUM ${name}`);
    vacuumed.push(name);
  }
  return vacuumed;
}
