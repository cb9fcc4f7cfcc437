import { createHash } from "node:crypto";
import type pg from "pg";
import { Lru } from "../lib/lru.ts";

/**
 * Named prepared statements on PostgreSQL (decision 032, "Named statements on PostgreSQL").
 * drizzle sends every statement unnamed, so PostgreSQL parses, analyses and plans each call
 * again; our dossier statements inline the access SQL and cost up to a few milliseconds of
 * planning a call (126 s of the 10-minute soak's 360 s of statement time). Here a statement
 * with parameters gets a name derived from its text once that text has been seen twice, and
 * node-postgres then parses it once per connection (it keeps what each connection has parsed)
 * and binds it after.
 *
 * - Only statements with parameters: a text without them may hold several statements (the
 *   migrations), which only the simple protocol runs.
 *   A statement that already has a name (executeNamed, drizzle's `.prepare(name)`) is left as
 *   it is.
 * - Seen twice first: a one-off text (a list of ids of a new length) is never named.
 * - At most MAX_NAMED_PER_CONNECTION names a connection; past that, texts go unnamed on it.
 *   No name is ever dropped from a live connection (a DEALLOCATE cannot run inside a failed
 *   transaction, which would leave the name taken on the server): the pool closes idle
 *   connections (pg's 10 s), so a new workload starts on fresh ones.
 * - A named statement PostgreSQL refuses as stale ("cached plan must not change result type",
 *   after another instance's migration changed a table under it) goes unnamed on that
 *   connection from then on; the error itself reaches the caller once, like any other.
 * - Behind a pooler in transaction mode (PgBouncer) named statements do not follow the
 *   connection: ATRIUM_PG_PREPARED=0 turns this off.
 */

export const MAX_NAMED_PER_CONNECTION = 200;
/** Texts counted for "seen twice"; the count starts over when full. */
const SEEN_MAX = 10_000;

const STALE_PLAN = "0A000";

type QueryConfig = { text: string; name?: string; values?: unknown[] } & Record<string, unknown>;
type Query = (...args: unknown[]) => unknown;

/** The name of a text (stable across connections and instances: pg_stat_statements agrees). */
export function statementName(text: string): string {
  return `a_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
}

/** What every connection of one database shares: the texts seen and their names. */
export class NamedStatements {
  readonly #seen = new Map<string, number>();
  readonly #names = new Lru<string, string>({ max: SEEN_MAX });
  /** Statements sent named, and those sent unnamed because a connection was full. */
  named = 0;
  unnamedFull = 0;

  /** The name to give `text` now, or undefined to send it unnamed (first sight). */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known) return known;
    const seen = (this.#seen.get(text) ?? 0) + 1;
    if (seen < 2) {
      if (this.#seen.size >= SEEN_MAX) this.#seen.clear();
      this.#seen.set(text, seen);
      return undefined;
    }
    this.#seen.delete(text);
    const name = statementName(text);
    this.#names.set(text, name);
    return name;
  }

  /** Makes `client.query` send named statements; for the pool's "connect" event. */
  attach(client: pg.Client): void {
    const own = client.query.bind(client) as Query;
    const onConnection = new Set<string>();
    const refused = new Set<string>();
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [first, second] = args;
      let config: QueryConfig;
      let rest: unknown[];
      if (typeof first === "string") {
        if (!Array.isArray(second)) return own(...args);
        config = { text: first, values: second };
        rest = args.slice(2);
      } else if (
        first &&
        typeof first === "object" &&
        typeof (first as QueryConfig).text === "string"
      ) {
        config = first as QueryConfig;
        rest = args.slice(1);
        if (
          config.name !== undefined ||
          typeof (config as { submit?: unknown }).submit === "function"
        )
          return own(...args);
      } else {
        return own(...args);
      }
      const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : config.values;
      if (!values || values.length === 0 || refused.has(config.text)) return own(...args);
      const name = this.nameFor(config.text);
      if (!name) return own(...args);
      if (!onConnection.has(name)) {
        if (onConnection.size >= MAX_NAMED_PER_CONNECTION) {
          this.unnamedFull += 1;
          return own(...args);
        }
        onConnection.add(name);
      }
      this.named += 1;
      const result = own({ ...config, name }, ...rest);
      if (result instanceof Promise) {
        return result.catch((error: unknown) => {
          if ((error as { code?: string }).code === STALE_PLAN) {
            refused.add(config.text);
            // Still parsed on the server under its name; never sent by it again from here.
          }
          throw error;
        });
      }
      return result;
    };
  }
}

/** Whether ATRIUM_PG_PREPARED leaves named statements on ("1" or unset) or off ("0"). */
export function pgPreparedFromEnv(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "1") return true;
  if (value === "0") return false;
  throw new Error(`ATRIUM_PG_PREPARED must be 0 or 1, got "${value}"`);
}
