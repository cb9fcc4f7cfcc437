import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which tables a function reads, found from the SQL it runs (drizzle's logger
 * calls `recordSql` just before each statement). AsyncLocalStorage ties each
 * statement to the function run that issued it, so one shared database
 * handle serves every caller.
 */
export interface ReadTracker {
  tables: Set<string>;
  rows: Map<string, Set<string>>;
  /** Statements the run issued (the live-query hub's counters). */
  statements: number;
}

const storage = new AsyncLocalStorage<ReadTracker>();
const TABLE_PATTERN = /\b(?:from|join)\s+"([a-z0-9_]+)"/gi;

export function tablesInSql(sql: string): string[] {
  const tables = new Set<string>();
  for (const match of sql.matchAll(TABLE_PATTERN)) tables.add(match[1]!.toLowerCase());
  return [...tables];
}

export function recordSql(sql: string): void {
  const tracker = storage.getStore();
  if (!tracker) return;
  tracker.statements++;
  for (const table of tablesInSql(sql)) tracker.tables.add(table);
}

/** A read served without SQL (from a cache kept by the change feed) still counts as these tables'. */
export function recordReads(...tables: string[]): void {
  const tracker = storage.getStore();
  if (!tracker) return;
  for (const table of tables) tracker.tables.add(table);
}

/**
 * Narrow `table` to these row keys for whatever run is reading now (a function's run, or a
 * shared sub-result's computation, whose tracker is not the run's): `ctx.dependsOnRow` for code
 * without the ctx. A key is a row id or a key the table's change trigger sends (`folder:<id>`).
 */
export function dependOnRows(table: string, keys: Iterable<string>): void {
  const tracker = storage.getStore();
  if (!tracker) return;
  const rows = tracker.rows.get(table) ?? new Set<string>();
  tracker.rows.set(table, rows);
  for (const key of keys) rows.add(key);
}

export function newTracker(): ReadTracker {
  return { tables: new Set(), rows: new Map(), statements: 0 };
}

export function runTracked<T>(tracker: ReadTracker, fn: () => Promise<T>): Promise<T> {
  return storage.run(tracker, fn);
}

/** Code that must not count as the function's reads (loading the caller, say). */
export function runUntracked<T>(fn: () => Promise<T>): Promise<T> {
  return storage.exit(fn);
}

/**
 * Dependency keys of a finished run: `table:id:<id>` for narrowed tables (and `table:rows`, which
 * a change that names no row touches: see keysForChange), else `table:org:<org>` or `table:*`.
 */
export function dependencyKeys(
  tracker: ReadTracker,
  scope: { organizationId: string | null; global: boolean },
): string[] {
  const keys: string[] = [];
  for (const table of tracker.tables) {
    const rows = tracker.rows.get(table);
    if (rows && rows.size > 0) {
      for (const id of rows) keys.push(`${table}:id:${id}`);
      keys.push(`${table}:rows`);
    } else if (scope.global || !scope.organizationId) {
      keys.push(`${table}:*`);
    } else {
      keys.push(`${table}:org:${scope.organizationId}`);
    }
  }
  return keys;
}
