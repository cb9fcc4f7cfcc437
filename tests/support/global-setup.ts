import type { TestProject } from "vitest/node";
import { type PostgresCluster, startPostgresCluster } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster; test files get their own database from it. */
    postgresUrl: string;
  }
}

/**
 * One throwaway PostgreSQL cluster per test run, shared by every project that lists this
 * globalSetup (integration and e2e). Each project loads this module on its own, so the shared
 * state lives on globalThis and the last teardown stops the cluster.
 */
interface SharedCluster {
  cluster: Promise<PostgresCluster>;
  users: number;
}

declare global {
  var __atriumTestPostgres: SharedCluster | undefined;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = globalThis.__atriumTestPostgres;
  if (!shared) {
    shared = { cluster: startPostgresCluster(), users: 0 };
    globalThis.__atriumTestPostgres = shared;
  }
  shared.users++;
  const current = shared;
  let cluster: PostgresCluster;
  try {
    cluster = await current.cluster;
  } catch (error) {
    current.users--;
    if (globalThis.__atriumTestPostgres === current) globalThis.__atriumTestPostgres = undefined;
    throw error;
  }
  project.provide("postgresUrl", cluster.url);

  return async () => {
    current.users--;
    if (current.users > 0) return;
    if (globalThis.__atriumTestPostgres === current) globalThis.__atriumTestPostgres = undefined;
    await cluster.stop();
  };
}
