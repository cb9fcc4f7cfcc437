import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FunctionKind } from "#shared/api/define.ts";
import { AppError, forbidden, isAppError, unauthenticated } from "#shared/errors.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import { CHANGES_CHANNEL, type Tx } from "../db/database.ts";
import { type ReadTracker, runTracked } from "../db/read-tracker.ts";
import type { Logger } from "../logger.ts";
import { noteCommitted } from "../realtime/live-stats.ts";
import type { BatchedResults, FunctionCtx, Services, SharedResults } from "./context.ts";
import type { Registry, ServerFunction } from "./registry.ts";

export interface ExecuteInput {
  kind: FunctionKind;
  path: string;
  args: unknown;
  identity: Identity | null;
  request: RequestInfo;
  /** Set for live-query runs: collects the tables the query reads. */
  tracker?: ReadTracker;
  /** Set by the live-query hub for its runs: sub-results shared between groups. */
  shared?: SharedResults;
  /** Set by the live-query hub for its runs: one statement for the groups asking the same key. */
  batched?: BatchedResults;
}

export interface ExecuteOutput {
  value: unknown;
  logLines: string[];
  /** One marker per committed transaction; see LiveQueryHub.waitForMarkers. */
  markers: string[];
}

const MAX_ISSUES = 20;

/** Look up a function of the right kind, or fail with UNKNOWN_FUNCTION. */
export function resolveFunction(
  registry: Registry,
  kind: FunctionKind,
  path: unknown,
): ServerFunction {
  const fn = typeof path === "string" ? registry.get(path) : undefined;
  if (!fn || fn.contract.kind !== kind) {
    const shown = typeof path === "string" ? path.slice(0, 200) : String(path);
    throw new AppError("UNKNOWN_FUNCTION", `Could not find public ${kind} function '${shown}'.`, {
      path: shown,
    });
  }
  return fn;
}

export function parseArgs(fn: ServerFunction, args: unknown): unknown {
  const parsed = fn.contract.args.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
  throw new AppError("INVALID_ARGS", `Invalid arguments for ${fn.contract.path}: ${summary}`, {
    issues,
  });
}

function authorize(fn: ServerFunction, identity: Identity | null): void {
  if (fn.contract.access === "public") return;
  if (!identity) throw unauthenticated();
  if (fn.contract.access === "superadmin" && !identity.isSuperadmin) throw forbidden();
}

const TEXT_NOT_STORABLE =
  "The text contains characters that cannot be stored (such as NUL). Remove them and try again.";
const VALUE_NOT_ACCEPTED =
  "A value in the request is malformed or out of range. Check it and try again.";

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) that only a value sent by
 * the caller causes: the arguments' schemas refuse these values (decision
 * 013), so one reaching the database is a gap in a schema, answered as
 * INVALID_ARGS rather than INTERNAL.
 */
const REFUSED_VALUES: Record<string, string> = {
  "22021": TEXT_NOT_STORABLE, // character_not_in_repertoire: NUL, invalid UTF-8
  "22P05": TEXT_NOT_STORABLE, // untranslatable_character: \u0000 in JSON
  "22P02": VALUE_NOT_ACCEPTED, // invalid_text_representation: a malformed id or number
  "22001": VALUE_NOT_ACCEPTED, // string_data_right_truncation: too long for its column
  "22003": VALUE_NOT_ACCEPTED, // numeric_value_out_of_range
  "22007": VALUE_NOT_ACCEPTED, // invalid_datetime_format
  "22008": VALUE_NOT_ACCEPTED, // datetime_field_overflow
};

/** The SQLSTATE of a database error, also when drizzle wraps it (DrizzleQueryError's cause). */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    if ("code" in current && typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code))
      return current.code;
    current = "cause" in current ? current.cause : undefined;
  }
  return undefined;
}

/** Map database errors caused by the arguments that slipped past the schemas and handler checks. */
function translateDbError(error: unknown, log: () => Logger): unknown {
  if (isAppError(error)) return error;
  const sqlState = sqlStateOf(error);
  if (sqlState === "23505")
    return new AppError("CONFLICT", "That conflicts with something that already exists.");
  if (sqlState === "23503")
    return new AppError("CONFLICT", "That refers to something that no longer exists.");
  const refused = sqlState ? REFUSED_VALUES[sqlState] : undefined;
  if (refused) {
    // Not the error: its message and fields may quote the value.
    log().warn({ sqlState }, "the database refused a value the arguments' schema let through");
    return new AppError("INVALID_ARGS", refused);
  }
  return error;
}

export async function execute(
  services: Services,
  registry: Registry,
  input: ExecuteInput,
): Promise<ExecuteOutput> {
  const fn = resolveFunction(registry, input.kind, input.path);
  const args = parseArgs(fn, input.args);
  authorize(fn, input.identity);

  const logLines: string[] = [];
  const markers: string[] = [];
  const afterCommit: Array<() => Promise<void>> = [];
  const tracker = input.tracker;
  // The function's logger, made when something is logged (most calls log nothing).
  let childLog: Logger | undefined;
  const logger = (): Logger => {
    childLog ??= services.log.child({ fn: fn.contract.path, userId: input.identity?.userId });
    return childLog;
  };

  const transaction = async <T>(body: (tx: Tx) => Promise<T>): Promise<T> => {
    // Unique across instances, never stored: a random UUID (pooled entropy, no syscall a call).
    const marker = randomUUID();
    const result = await services.database.db.transaction(async (tx) => {
      const value = await body(tx);
      await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ m: marker })})`);
      return value;
    });
    // The live hub's commit → notify stage (LiveStats, "Where a push's time goes").
    noteCommitted(marker);
    // On PostgreSQL the change feed may arrive after this: the identity cache waits for it.
    services.auth.identities.fence(marker);
    markers.push(marker);
    return result;
  };

  const makeCtx = (db: FunctionCtx["db"]): FunctionCtx => ({
    services,
    db,
    identity: input.identity,
    request: input.request,
    get log() {
      return logger();
    },
    logLines,
    get user() {
      if (!input.identity) throw unauthenticated();
      return input.identity;
    },
    dependsOnRow(table, id) {
      if (!tracker) return;
      const rows = tracker.rows.get(table) ?? new Set<string>();
      tracker.rows.set(table, rows);
      rows.add(id);
    },
    transaction,
    afterCommit(fn) {
      afterCommit.push(fn);
    },
    shared: tracker ? input.shared : undefined,
    batched: tracker ? input.batched : undefined,
  });

  try {
    let value: unknown;
    if (fn.contract.kind === "mutation" && !fn.ownTransaction) {
      value = await transaction((tx) => fn.handler(makeCtx(tx), args as never));
    } else if (tracker) {
      value = await runTracked(tracker, () =>
        fn.handler(makeCtx(services.database.db), args as never),
      );
    } else {
      value = await fn.handler(makeCtx(services.database.db), args as never);
    }
    for (const task of afterCommit) {
      await Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger().warn({ err: error }, "after-commit task failed"));
    }
    const checked = fn.contract.returns.safeParse(value);
    if (!checked.success) {
      logger().error(
        { issues: checked.error.issues },
        "function returned a value outside its contract",
      );
      throw new Error(`${fn.contract.path} returned a value outside its contract`);
    }
    return { value: checked.data, logLines, markers };
  } catch (error) {
    throw translateDbError(error, logger);
  } finally {
    if (writesOutsideTransaction(fn)) await fenceIdentities(services, logger);
  }
}

/** Actions and own-transaction mutations may write with plain statements, outside `transaction`. */
const writesOutsideTransaction = (fn: ServerFunction) =>
  fn.contract.kind === "action" || (fn.contract.kind === "mutation" && fn.ownTransaction === true);

/**
 * After writes that sent no marker of their own: one marker, so that this instance's identity
 * cache waits for their notifications (a sign-out, a refresh token's theft check revoking the
 * session) before it is used again. Only PostgreSQL needs it: PGlite delivers notifications
 * before the statement that committed them returns.
 */
async function fenceIdentities(services: Services, log: () => Logger): Promise<void> {
  if (services.database.kind !== "postgres") return;
  const marker = randomUUID();
  try {
    await services.database.db.execute(
      sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ m: marker })})`,
    );
    services.auth.identities.fence(marker);
  } catch (error) {
    log().warn({ err: error }, "could not fence the identity cache; clearing it");
    services.auth.identities.clear();
  }
}
