import type { Role } from "#shared/constants.ts";
import type { Config } from "../config.ts";
import type { Database, Executor, Tx } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** The signed-in caller, loaded fresh from the database for every call. */
export interface Identity {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  role: Role;
  isSuperadmin: boolean;
}

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

/** What every handler can reach besides its caller. */
export interface Services {
  config: Config;
  database: Database;
  log: Logger;
  auth: import("../auth/auth-service.ts").AuthService;
  storage: import("../storage/blob-storage.ts").BlobStorage;
  models: import("../ai/model-registry.ts").ModelRegistry;
}

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
}
