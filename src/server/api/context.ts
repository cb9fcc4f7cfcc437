import type { AuthService } from "../auth/auth-service.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import type { Config } from "../config.ts";
import type { Database, Executor, Tx } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import type { BlobStorage } from "../storage/blob-storage.ts";

/** What every handler can reach besides its caller. */
export interface Services {
  config: Config;
  database: Database;
  log: Logger;
  auth: AuthService;
  storage: BlobStorage;
  models: ModelRegistry;
}

/**
 * A live query's caller-independent sub-result, shared by every live group of this instance
 * that asks for the same key until the tables it read change (see LiveQueryHub). The key
 * must name everything `compute` depends on besides the database: never the caller. A run that
 * waits for another's computation gives its limiter slot up, so what it reads after must go
 * through `batched` (or be cheap).
 */
export type SharedResults = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * A live query's own part, read in one statement for every group of this instance that asks
 * for the same key at about the same time (see LiveQueryHub): each caller adds its input and
 * gets back the element of `run`'s answer at its input's place, never another's. `run` must
 * depend on the key and the inputs only (it is the first caller's, run for all); the key is
 * prefixed with the caller's organization by the hub.
 */
export type BatchedResults = <I, R>(
  key: string,
  input: I,
  run: (inputs: I[]) => Promise<R[]>,
) => Promise<R>;

export interface FunctionCtx {
  services: Services;
  /** The database: a transaction inside mutations, the pool elsewhere. */
  db: Executor;
  identity: Identity | null;
  request: RequestInfo;
  log: Logger;
  /** Lines returned to the caller in `logLines` (never secrets). */
  logLines: string[];
  /** The caller; throws 'Authentication required' when there is none. */
  readonly user: Identity;
  /**
   * Narrow a live query's dependency on `table` to one row, instead of every
   * row of the caller's organization. Optional: an optimisation, never needed
   * for correctness.
   */
  dependsOnRow(table: string, id: string): void;
  /** Run writes in one transaction whose changes reach live queries at commit. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Work to do once the function has succeeded and its writes are committed
   * (deleting blobs of removed rows); dropped if it fails. Errors are logged.
   */
  afterCommit(fn: () => Promise<void>): void;
  /**
   * Set inside a live query's run only (the hub shares sub-results between its groups);
   * undefined for plain requests, which compute everything themselves.
   */
  shared?: SharedResults;
  /** Set inside a live query's run only: one statement for every group asking the same key. */
  batched?: BatchedResults;
}
