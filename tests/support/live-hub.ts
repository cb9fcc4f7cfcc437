import type { Services } from "../../src/server/api/context.ts";
import type { Registry } from "../../src/server/api/registry.ts";
import { createLogger } from "../../src/server/logger.ts";
import { LiveQueryHub } from "../../src/server/realtime/live-query-hub.ts";

/**
 * Services with no database and a silent logger: enough for a LiveQueryHub whose functions read
 * none (the hub's unit tests, bench/live-rerun-cpu.ts). Anything else a function asks of them
 * is missing.
 */
export function servicesWithoutDatabase(): Services {
  return {
    config: {},
    log: createLogger("silent"),
    database: { db: {} },
  } as unknown as Services;
}

/** A live-query hub over `registry` with no database (see servicesWithoutDatabase). */
export function hubWithoutDatabase(registry: Registry): LiveQueryHub {
  return new LiveQueryHub(servicesWithoutDatabase(), registry);
}
