import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster; test files get their own database from it. */
    postgresUrl: string;
    /** An empty, migrated PGlite data dir; test files copy it (see databases.ts). */
    pgliteTemplate: string;
  }
}

/**
 * One throwaway PostgreSQL cluster per test run, shared by every project that lists this
 * globalSetup (integration and e2e). Each project loads this module on its own, so the shared
 * state lives on globalThis and the last teardown stops the cluster.
 */
interface SharedCluster {
  cluster: Promise<PostgresCluster>;
  template: Promise<string>;
  users: number;
}

/** Opening PGlite on an empty dir takes seconds; do it once per run and copy. */
async function makePgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "atrium-pglite-template-"));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  return dir;
}

declare global {
  var __atriumTestPostgres: SharedCluster | undefined;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = globalThis.__atriumTestPostgres;
  if (!shared) {
    shared = { cluster: startPostgresCluster(), template: makePgliteTemplate(), users: 0 };
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
  const template = await current.template;
  project.provide("pgliteTemplate", template);

  return async () => {
    current.users--;
    if (current.users > 0) return;
    if (globalThis.__atriumTestPostgres === current) globalThis.__atriumTestPostgres = undefined;
    await cluster.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
