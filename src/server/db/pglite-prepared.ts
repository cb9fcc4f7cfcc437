import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  types,
} from "@electric-sql/pglite";
import { Lru } from "../lib/lru.ts";
import { preparedStatementChoice } from "./database.ts";

/**
 * Named prepared statements on PGlite (decision 032, "The chat path" and "PGlite request cost").
 * PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six crossings into
 * WebAssembly and has PostgreSQL parse and plan the text every time. With named statements, a
 * statement's text is parsed once per database under a name (Parse + Describe + Sync), and each
 * later call sends Bind + Execute + Sync in one buffer: one crossing, no parsing, a cached plan.
 *
 * Installed by replacing the client's `query` and `transaction` (what drizzle calls). Used inside
 * `withPreparedStatements`, and outside any scope once `setEverywhere(true)` (pglite.ts, after
 * the migrations); never inside `withoutPreparedStatements`, nor when the client lacks the
 * protocol API (`supported` false): PGlite's own `query` runs then. Errors are PostgreSQL's own
 * (DatabaseError with its code), as from `query`.
 */

/**
 * At most this many named statements per database: past it, the least recently used is closed
 * (its Close message goes in the same buffer as the new statement's Parse).
 */
const MAX_STATEMENTS = 200;
const STATEMENT_MISSING = "26000";

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

type Message = { name: string } & Record<string, unknown>;
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
type Internal = PGlite & {
  _runExclusiveQuery?: <T>(fn: () => Promise<T>) => Promise<T>;
  _runExclusiveTransaction?: <T>(fn: () => Promise<T>) => Promise<T>;
};

export interface PreparedStatementStats {
  /** Statements sent through `query` (prepared or not; not BEGIN/COMMIT). */
  statements: number;
  /** Statements run through a named statement. */
  executed: number;
  /** Statements parsed under a name. */
  prepared: number;
  /** Statements in the scope that fell back to PGlite's `query`. */
  fallbacks: number;
  /** Named statements closed to make room (least recently used, past the limit). */
  closed: number;
}

/**
 * Installs the facility on a client. `enabled: false` keeps PGlite's own `query` everywhere
 * (the fallback, also used when the protocol API is missing); statements are counted either way.
 */
export function installPreparedStatements(
  client: PGlite,
  options: {
    enabled?: boolean;
    maxStatements?: number;
    /** Where to count (the worker's counters in shared memory, pglite-worker.ts); a new object if unset. */
    stats?: PreparedStatementStats;
  } = {},
): {
  stats: PreparedStatementStats;
  supported: boolean;
  /** Named statements also outside any scope (false at first: migrations run unprepared). */
  setEverywhere: (on: boolean) => void;
} {
  const internal = client as Internal;
  const supported =
    options.enabled !== false &&
    typeof internal.execProtocolStream === "function" &&
    typeof internal._runExclusiveQuery === "function" &&
    typeof internal._runExclusiveTransaction === "function";
  const stats: PreparedStatementStats = options.stats ?? {
    statements: 0,
    executed: 0,
    prepared: 0,
    fallbacks: 0,
    closed: 0,
  };

  const maxStatements = options.maxStatements ?? MAX_STATEMENTS;
  let everywhere = false;
  /**
   * By text, least recently used first (`get` counts as a use). Room is made before a Parse, by
   * hand: the oldest statement's Close goes in the same buffer as the new one's Parse, so the
   * cache never evicts on its own (`set` runs with a free slot).
   */
  const statements = new Lru<string, Statement>({ max: maxStatements });
  let counter = 0;
  const send = (parts: Uint8Array[]) =>
    internal.execProtocolStream(concat(parts), { syncToFs: false }) as Promise<Message[]>;

  const prepare = async (text: string): Promise<Statement> => {
    const name = `atrium_p${++counter}`;
    const closing: Uint8Array[] = [];
    while (statements.size >= maxStatements) {
      const oldest = statements.keys().next().value!;
      const old = statements.peek(oldest)!;
      statements.delete(oldest);
      closing.push(protocol.serialize.close({ type: "S", name: old.name }));
      stats.closed++;
    }
    const replies = await send([
      ...closing,
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    ]);
    const params = replies.find((m) => m.name === "parameterDescription") as
      | { dataTypeIDs: number[] }
      | undefined;
    const row = replies.find((m) => m.name === "rowDescription") as
      | { fields: { name: string; dataTypeID: number }[] }
      | undefined;
    const statement: Statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      fields: row?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
    };
    statements.set(text, statement);
    stats.prepared++;
    return statement;
  };

  const execute = async <T>(
    statement: Statement,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> => {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    const replies = await send([
      protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    stats.executed++;
    return toResults<T>(
      replies,
      statement.fields,
      columnParsers(statement.fields, client.parsers, options?.parsers),
      options,
    );
  };

  /** Inside the query mutex: prepare if need be, then bind and execute (once more if it was lost). */
  const run = async <T>(text: string, params: unknown[], options?: QueryOptions) => {
    // A hit becomes the most recently used (the eviction order).
    const statement = statements.get(text) ?? (await prepare(text));
    try {
      return await execute<T>(statement, params, options);
    } catch (error) {
      if ((error as { code?: string }).code !== STATEMENT_MISSING) throw error;
      statements.delete(text);
      return execute<T>(await prepare(text), params, options);
    }
  };

  const wanted = () => preparedStatementChoice() ?? everywhere;
  const usable = (options?: QueryOptions) => wanted() && !options?.blob;

  const originalQuery = client.query.bind(client) as Query;
  const originalTransaction = client.transaction.bind(client);

  const query: Query = async (text, params = [], options) => {
    stats.statements++;
    if (!supported || !usable(options)) {
      if (wanted()) stats.fallbacks++;
      return originalQuery(text, params, options);
    }
    await client.waitReady;
    const result = await internal._runExclusiveTransaction!(() =>
      internal._runExclusiveQuery!(() => run(text, params, options)),
    );
    // As PGlite's own query does outside a transaction: persist what a write changed.
    await client.syncToFs();
    return result as never;
  };
  (client as { query: Query }).query = query;

  (client as { transaction: PGlite["transaction"] }).transaction = (callback) =>
    originalTransaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      const wrapped = Object.create(tx) as typeof tx;
      (wrapped as { query: Query }).query = async (text, params = [], options) => {
        stats.statements++;
        if (!supported || !usable(options) || tx.closed) {
          if (wanted()) stats.fallbacks++;
          return txQuery(text, params, options);
        }
        return internal._runExclusiveQuery!(() => run(text, params, options)) as never;
      };
      return callback(wrapped);
    });

  return {
    stats,
    supported,
    setEverywhere: (on) => {
      everywhere = on;
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Parser = (value: string, typeId?: number) => unknown;

/**
 * Each column's parser, found once per statement: the caller's for the column's type, else the
 * client's; undefined leaves it to PGlite's default for the type (`types.parseType`), as PGlite's
 * own `query` does with `{ ...client.parsers, ...options.parsers }`. That merged copy is not made
 * here: the client's parsers are a dictionary keyed by type id, and copying it on every statement
 * was a tenth of PGlite's thread's CPU (decision 032, "The parsers' copy").
 */
function columnParsers(
  fields: Statement["fields"],
  clientParsers: Record<number, Parser>,
  own: Record<number, Parser> | undefined,
): Array<Parser | undefined> {
  return fields.map((field) => own?.[field.dataTypeID] ?? clientParsers[field.dataTypeID]);
}

/** The replies of Bind + Execute + Sync as PGlite's `query` shapes them (rows, affectedRows). */
function toResults<T>(
  replies: Message[],
  fields: Statement["fields"],
  parsers: Array<Parser | undefined>,
  options: QueryOptions | undefined,
): Results<T> {
  const parse = (value: string | null, i: number) => {
    if (value === null) return null;
    const typeId = fields[i]!.dataTypeID;
    const parser = parsers[i];
    return parser ? parser(value, typeId) : types.parseType(value, typeId);
  };
  const rows: unknown[] = [];
  let affectedRows = 0;
  let command: string | undefined;
  let rowCount: number | undefined;
  const asArray = options?.rowMode === "array";
  for (const reply of replies) {
    if (reply.name === "dataRow") {
      const values = reply.fields as (string | null)[];
      if (asArray) {
        rows.push(values.map(parse));
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) {
          row[fields[i]!.name] = parse(values[i]!, i);
        }
        rows.push(row);
      }
    } else if (reply.name === "commandComplete") {
      const parts = (reply.text as string).split(" ");
      command = parts[0];
      const count = Number.parseInt(parts[parts.length - 1]!, 10);
      if (!Number.isNaN(count)) {
        rowCount = count;
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command!)) {
          affectedRows += count;
        }
      }
    }
  }
  return { rows: rows as T[], fields, affectedRows, command, rowCount } as Results<T>;
}
