import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Services } from "./api/context.ts";
import { createRegistry } from "./api/functions.ts";
import { stopChatStreams } from "./chat/stream/active-streams.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { createApp } from "./http/app.ts";
import { clientIpOfUpgrade } from "./http/client-ip.ts";
import { startJobWorker } from "./jobs/start-worker.ts";
import type { JobWorker } from "./jobs/worker.ts";
import { releaseStartupMemory } from "./lib/startup-memory.ts";
import { createLogger, type Logger } from "./logger.ts";
import { listenToChanges } from "./realtime/change-feed.ts";
import { LiveQueryHub } from "./realtime/live-query-hub.ts";
import { createSyncServer, SYNC_PATH } from "./realtime/sync-server.ts";
import { createServices } from "./services.ts";
import { prepareFirstRun } from "./setup/first-run.ts";
import { startOrphanSweeper } from "./storage/start-orphan-sweeper.ts";

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  hub: LiveQueryHub;
  /** The job worker, unless RUN_WORKER=false. */
  worker?: JobWorker;
  setupUrl?: string;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/** config -> database -> services -> live queries -> http + websocket -> listen. */
export async function startServer(
  config: Config,
  options: {
    log?: Logger;
    distDir?: string;
    /** The database can no longer answer (createServices); runFromCommandLine exits then. */
    onDatabaseLost?: (error: Error) => void;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel, config.logFormat);
  const services = await createServices(config, log, { onDatabaseLost: options.onDatabaseLost });
  const registry = createRegistry();
  const hub = new LiveQueryHub(services, registry);
  const stopListening = await listenToChanges(services, hub);
  const { setupUrl } = await prepareFirstRun(services);

  const inFlight = { count: 0 };
  const app = createApp({ services, registry, inFlight, distDir: options.distDir });
  const sync = createSyncServer({
    services,
    registry,
    hub,
    clientIp: (req) => clientIpOfUpgrade(req, config.trustProxy),
    inFlight,
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  server.on("upgrade", (request, socket, head) => {
    const pathname = (request.url ?? "").split("?")[0];
    if (pathname === SYNC_PATH) sync.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const worker = config.worker.enabled ? await startJobWorker(services) : undefined;
  // What a process killed mid-upload left behind; runs in the background, now and periodically.
  const sweeper = startOrphanSweeper({
    database: services.database,
    storage: services.storage,
    log,
    ...config.orphanSweep,
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      log.info("shutting down: no new connections; finishing requests in flight");
      // Stops claiming at once; running jobs finish or go back to the queue.
      const workerStopped = worker?.stop();
      const sweeperStopped = sweeper.stop();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      sync.stopAccepting();
      server.closeIdleConnections();
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      while (inFlight.count > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        // A keep-alive connection busy when shutdown began would otherwise take new requests
        // for the whole grace period: close it once its response is out.
        server.closeIdleConnections();
      }
      // Chat answers being written finish, or are saved as interrupted, before the database closes.
      await stopChatStreams(services, deadline);
      // Clients reconnect (to another instance) when their socket closes with 1001.
      sync.close();
      server.closeAllConnections();
      await stopped;
      await workerStopped;
      await sweeperStopped;
      await stopListening();
      await services.database.close();
      log.info("stopped");
    })();
    return closing;
  };
  return { url, port, services, hub, worker, setupUrl, close };
}

export async function runFromCommandLine(): Promise<void> {
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
  const log = createLogger(config.logLevel, config.logFormat);
  // Signals are handled from here on: one that comes while the server starts (it may already
  // answer requests) stops it as soon as it has started, instead of killing it mid-write.
  let running: RunningServer | undefined;
  let signals = 0;
  const shutdown = (signal: string) => {
    signals++;
    if (signals > 1) process.exit(1);
    log.info({ signal }, "received signal");
    if (running) close(running);
  };
  const close = (server: RunningServer) =>
    server.close().then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  try {
    // A database that can no longer answer (PGlite's thread crashed) is not served around: the
    // process stops, so its service manager starts it again, as a crash in-thread would.
    running = await startServer(config, { log, onDatabaseLost: () => process.exit(1) });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    log.fatal({ err: error }, "could not start");
    process.exit(1);
  }
  if (signals > 0) {
    close(running);
    return;
  }
  releaseStartupMemory();
  log.info(
    { url: running.url, database: running.services.database.kind, dataDir: config.dataDir },
    `${config.appName} is running`,
  );
  if (running.setupUrl) {
    log.info(
      { setupUrl: running.setupUrl },
      "no users yet: open the setup link to create the first organization and admin",
    );
    process.stdout.write(`\n  Set up ${config.appName}: ${running.setupUrl}\n\n`);
  }
}

if (import.meta.main) await runFromCommandLine();
