import { type Config, ConfigError, loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";

/**
 * A process that runs only job workers: `node src/server/jobs/worker-main.ts`
 * with the server's environment. For scale-out, beside web instances that
 * run with RUN_WORKER=false, all sharing one PostgreSQL (DATABASE_URL). With
 * the embedded database the server runs its jobs itself, so this refuses.
 */
export async function runWorkerProcess(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    process.stderr.write(
      "A separate worker process needs PostgreSQL (set DATABASE_URL). With the embedded " +
        "database, the server runs the jobs itself.\n",
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel, config.logFormat);
  // Loaded once the configuration is known to be usable: a refusal stays quick.
  const { createServices } = await import("../services.ts");
  const { startJobWorker } = await import("./start-worker.ts");
  let worker: Awaited<ReturnType<typeof startJobWorker>>;
  let services: Awaited<ReturnType<typeof createServices>>;
  try {
    services = await createServices(config, log);
    worker = await startJobWorker(services);
  } catch (error) {
    log.fatal({ err: error }, "could not start the worker");
    process.exit(1);
  }

  let signals = 0;
  const shutdown = (signal: string) => {
    signals++;
    if (signals > 1) process.exit(1);
    log.info({ signal }, "received signal; stopping the worker");
    worker
      .stop()
      .then(() => services.database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, "worker shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

if (import.meta.main) await runWorkerProcess();
