import type { Services } from "./api/context.ts";
import { AuthService } from "./auth/auth-service.ts";
import { loadSigningKey } from "./auth/signing-key.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import { createModelRegistry } from "./models/model-registry.ts";
import { createBlobStorage } from "./storage/index.ts";

/**
 * Open the database (migrating it) and build what every handler may use. `onDatabaseLost`: the
 * database can no longer answer (PGlite's thread crashed; logged here first).
 */
export async function createServices(
  config: Config,
  log: Logger,
  options: { onDatabaseLost?: (error: Error) => void } = {},
): Promise<Services> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    livePoolSize: config.liveDatabasePoolSize,
    pgliteThread: config.pgliteThread,
    onListenerError: (error) =>
      log.warn({ err: error }, "change listener connection failed; reconnecting"),
    onLost: (error) => {
      log.fatal({ err: error }, "the database stopped: nothing can be read or written");
      options.onDatabaseLost?.(error);
    },
  });
  try {
    const key = await loadSigningKey(database.db);
    const auth = new AuthService({ database, config, key, log });
    const storage = await createBlobStorage(config);
    const models = await createModelRegistry(config, log);
    return { config, database, log, auth, storage, models };
  } catch (error) {
    await database.close();
    throw error;
  }
}
