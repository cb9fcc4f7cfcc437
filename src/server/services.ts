import type { Services } from "./api/context.ts";
import { AuthService } from "./auth/auth-service.ts";
import { loadSigningKey } from "./auth/signing-key.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { Logger } from "./logger.ts";

/** Open the database (migrating it) and build what every handler may use. */
export async function createServices(config: Config, log: Logger): Promise<Services> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onListenerError: (error) =>
      log.warn({ err: error }, "change listener connection failed; reconnecting"),
  });
  try {
    const key = await loadSigningKey(database.db);
    const auth = new AuthService({ database, config, key, log });
    return { config, database, log, auth };
  } catch (error) {
    await database.close();
    throw error;
  }
}
