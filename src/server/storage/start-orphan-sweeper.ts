import type { Database } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { BlobStorage } from "./blob-storage.ts";
import { sweepOrphanedBlobs } from "./sweep-orphaned-blobs.ts";

export interface OrphanSweeper {
  /** Cancels the timer and stops a pass in progress at its next page. */
  stop(): Promise<void>;
}

/**
 * Sweep orphaned blobs now (in the background: start-up does not wait for
 * it) and then every `intervalMs`. A failed pass is logged and the next one
 * tries again.
 */
export function startOrphanSweeper(options: {
  database: Database;
  storage: BlobStorage;
  log: Logger;
  minAgeMs: number;
  intervalMs: number;
}): OrphanSweeper {
  const { log } = options;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;

  const run = () => {
    if (running || stopping.signal.aborted) return;
    running = sweepOrphanedBlobs({ ...options, signal: stopping.signal })
      .then(
        (result) => {
          if (!result) log.debug("another instance is sweeping orphaned blobs");
        },
        (error: unknown) => {
          if (!stopping.signal.aborted) log.warn({ err: error }, "orphaned blob sweep failed");
        },
      )
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
