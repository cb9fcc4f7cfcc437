import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../src/server/auth/passwords.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Db } from "../../src/server/db/database.ts";
import { rowsOf } from "../../src/server/db/raw-rows.ts";
import { dossierShares, folders, users } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createServices } from "../../src/server/services.ts";
import {
  createDatabase,
  findFreePort,
  type PostgresCluster,
  startPostgresCluster,
} from "../../tests/support/postgres.ts";
import { type DbKind, NODE, ROOT, stopChild, waitForHealth } from "./prepare.ts";
import { startNodeFlags } from "./start-flags.ts";
import { findPostmaster } from "./soak-cpu.ts";

/**
 * The soak's servers (bench/soak.ts): organizations, members, sessions and a shared dossier
 * folder seeded in this process with set-based inserts, then one or more real servers
 * (`node src/server/main.ts`) started as child processes. Several instances share one
 * PostgreSQL database and one storage directory, as a deployment behind a load balancer does.
 */

export interface SoakUser {
  id: string;
  token: string;
}

export interface SoakOrg {
  id: string;
  /** "Team": owned by users[0], shared with the whole organization as editor. */
  teamFolderId: string;
  /** "Team/Uploads": where the soak's uploads go. */
  uploadsFolderId: string;
  /** Documents directly in the team folder: what every socket of the organization watches. */
  documentIds: string[];
  users: SoakUser[];
}

export interface SoakCluster {
  database: DbKind;
  urls: string[];
  pids: number[];
  /** Each server's live-query hub counters (LIVE_STATS_FILE), one file per instance. */
  statsFiles: string[];
  /** The PostgreSQL postmaster serving the database, when it runs on this machine. */
  postmasterPid?: number;
  /** The PostgreSQL database the servers share (postgres only). */
  databaseUrl?: string;
  orgs: SoakOrg[];
  /** Seconds spent seeding (before any server started). */
  seedSeconds: number;
  close(): Promise<void>;
}

export interface SoakClusterOptions {
  database: DbKind;
  instances: number;
  organizations: number;
  usersPerOrganization: number;
  /** Documents in each organization's team folder (the live-watched list). */
  documentsPerOrganization: number;
  /** Extra environment for the server children (the loopback model, say). */
  env?: Record<string, string>;
  /** An existing empty PostgreSQL database (else a throwaway cluster is started). */
  databaseUrl?: string;
  /** Each server child runs under --cpu-prof, writing into `<profileDir>/<instance>`. */
  profileDir?: string;
  /** An existing data directory (e.g. a migrated PGlite template copy); else a temp one. */
  dataDir?: string;
  /** More settings for the throwaway PostgreSQL server (`name=value`). */
  postgresSettings?: readonly string[];
  /**
   * The servers reach the throwaway PostgreSQL through its Unix socket instead of TCP on
   * 127.0.0.1 (README "Running on PostgreSQL": the way to reach a database on the same machine).
   */
  pgSocket?: boolean;
  log?: (line: string) => void;
}

const BATCH = 500;

/**
 * The soak's throwaway PostgreSQL runs autovacuum, as every deployment does (the test clusters
 * turn it off for speed): without it the constantly renamed rows of a 10-minute run pile up
 * as dead row versions that every read then steps over (decision 034, "PostgreSQL's share").
 */
export const SOAK_POSTGRES_SETTINGS = ["autovacuum=on"];

export async function startSoakCluster(options: SoakClusterOptions): Promise<SoakCluster> {
  if (options.database === "pglite" && options.instances !== 1) {
    throw new Error("PGlite is one process's database: --instances 2 needs --database postgres");
  }
  const log = options.log ?? (() => undefined);
  const tempDir = mkdtempSync(path.join(tmpdir(), "atrium-soak-"));
  const dataDir = options.dataDir ?? path.join(tempDir, "data");
  mkdirSync(dataDir, { recursive: true });
  let cluster: PostgresCluster | undefined;
  const children: ChildProcess[] = [];
  const cleanup = async () => {
    await Promise.all(children.splice(0).map((child) => stopChild(child)));
    if (cluster) await cluster.stop();
    cluster = undefined;
    rmSync(tempDir, { recursive: true, force: true });
  };
  const onExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(tempDir, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  try {
    let databaseUrl = options.databaseUrl ?? "";
    if (options.database === "postgres" && !databaseUrl) {
      log("starting a throwaway PostgreSQL 15 cluster");
      cluster = await startPostgresCluster([
        ...SOAK_POSTGRES_SETTINGS,
        ...(options.postgresSettings ?? []),
      ]);
      databaseUrl = await createDatabase(cluster.url);
      if (options.pgSocket) {
        const viaSocket = new URL(databaseUrl);
        viaSocket.searchParams.set("host", cluster.socketDir);
        databaseUrl = viaSocket.toString();
      }
    }
    const ports: number[] = [];
    for (let i = 0; i < options.instances; i++) ports.push(await findFreePort());
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const baseEnv: Record<string, string> = {
      HOST: "127.0.0.1",
      // One public address for every instance, as behind a load balancer: tokens name it as
      // their issuer, so a token from one instance is good on the other.
      PUBLIC_URL: urls[0]!,
      DATA_DIR: dataDir,
      DATABASE_URL: options.database === "postgres" ? databaseUrl : "",
      LOG_LEVEL: "warn",
      ACCESS_TOKEN_TTL_SECONDS: "7200",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      ...options.env,
    };
    const started = performance.now();
    const orgs = await seedSoak(baseEnv, options);
    const seedSeconds = (performance.now() - started) / 1000;
    log(
      `seeded ${orgs.length} organizations x ${options.usersPerOrganization} members ` +
        `x ${options.documentsPerOrganization} documents in ${seedSeconds.toFixed(1)} s`,
    );

    const statsFiles = urls.map((_, i) => path.join(tempDir, `live-stats-${i}.json`));
    for (let i = 0; i < options.instances; i++) {
      const url = urls[i]!;
      const profile = options.profileDir
        ? [
            "--cpu-prof",
            "--cpu-prof-interval=500",
            `--cpu-prof-dir=${path.join(options.profileDir, String(i))}`,
          ]
        : [];
      const child = spawn(NODE, [...startNodeFlags(), ...profile, "src/server/main.ts"], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...baseEnv,
          PORT: String(ports[i]),
          LIVE_STATS_FILE: statsFiles[i]!,
        },
        stdio: ["ignore", "inherit", "inherit"],
      });
      children.push(child);
      await waitForHealth(url, child);
      log(`server ${i + 1}/${options.instances} (pid ${child.pid}) up on ${url}`);
    }
    return {
      database: options.database,
      urls,
      pids: children.map((child) => child.pid!),
      statsFiles,
      postmasterPid:
        options.database === "postgres"
          ? findPostmaster(Number(new URL(databaseUrl).port || 5432))
          : undefined,
      databaseUrl: options.database === "postgres" ? databaseUrl : undefined,
      orgs,
      seedSeconds,
      close: async () => {
        process.removeListener("exit", onExit);
        await cleanup();
      },
    };
  } catch (error) {
    process.removeListener("exit", onExit);
    await cleanup();
    throw error;
  }
}

async function seedSoak(env: Record<string, string>, options: SoakClusterOptions) {
  const services = await createServices(loadConfig(env), createLogger("silent"));
  try {
    const db = services.database.db;
    // One argon2id hash shared by every member: the soak never signs in with a password.
    const passwordHash = await hashPassword("soak-password-not-secret");
    const request = { ip: null, userAgent: "atrium-soak" };
    const orgs: SoakOrg[] = [];
    for (let o = 0; o < options.organizations; o++) {
      const org = await createOrganization({ db, name: `Soak Organization ${o + 1}` });
      const rows = Array.from({ length: options.usersPerOrganization }, (_, i) => ({
        id: newId(),
        email: `soak-${o}-${i}-${org.id.slice(0, 8)}@example.test`,
        passwordHash,
        firstName: "Soak",
        lastName: `Member ${o}.${i}`,
        organizationId: org.id,
        role: i === 0 ? ("OrganizationAdmin" as const) : ("Member" as const),
      }));
      for (let i = 0; i < rows.length; i += BATCH) {
        await db.insert(users).values(rows.slice(i, i + BATCH));
      }
      const ownerId = rows[0]!.id;
      const { teamFolderId, uploadsFolderId, documentIds } = await seedTeamFolder(db, {
        organizationId: org.id,
        ownerId,
        documents: options.documentsPerOrganization,
        storagePrefix: "soak",
      });
      const members = await db.transaction(async (tx) => {
        const out: SoakUser[] = [];
        for (const row of rows) {
          const { token } = await services.auth.createSession(tx, row, request);
          out.push({ id: row.id, token });
        }
        return out;
      });
      orgs.push({ id: org.id, teamFolderId, uploadsFolderId, documentIds, users: members });
    }
    return orgs;
  } finally {
    await services.database.close();
  }
}

/**
 * One soak organization's dossier (also request-cpu.ts's): a Team folder shared with the whole
 * organization as editors, its Uploads subfolder, and `documents` processed documents in Team,
 * inserted with one INSERT ... generate_series.
 */
export async function seedTeamFolder(
  db: Db,
  options: { organizationId: string; ownerId: string; documents: number; storagePrefix: string },
): Promise<{ teamFolderId: string; uploadsFolderId: string; documentIds: string[] }> {
  const { organizationId, ownerId } = options;
  const teamFolderId = newId();
  const uploadsFolderId = newId();
  await db.insert(folders).values([
    { id: teamFolderId, organizationId, name: "Team", slug: "team", path: "team", ownerId },
    {
      id: uploadsFolderId,
      organizationId,
      parentId: teamFolderId,
      name: "Uploads",
      slug: "uploads",
      path: "team/uploads",
      ownerId,
    },
  ]);
  await db.insert(dossierShares).values({
    id: newId(),
    organizationId,
    entityType: "folder",
    entityId: teamFolderId,
    granteeUserId: null,
    role: "editor",
    createdBy: ownerId,
  });
  const inserted = await db.execute<{ id: string }>(sql`
    insert into documents (id, organization_id, folder_id, owner_id, storage_id, name,
      file_name_original, file_type, mime_type, size, processing_status, summary, tags,
      html_content, text_content, created_at, updated_at)
    select gen_random_uuid(), ${organizationId}, ${teamFolderId}::uuid, ${ownerId},
      ${organizationId} || '/' || ${options.storagePrefix} || '-' || g, 'Brief ' || g || '.pdf',
      'Brief ' || g || '.pdf', 'pdf', 'application/pdf', 20000 + g, 'completed',
      'A short brief number ' || g || '.', '["brief"]'::jsonb, '<p>Brief text.</p>', 'Brief text.',
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', now()
    from generate_series(1, ${options.documents}) g
    returning id`);
  const documentIds = (rowsOf(inserted) as { id: string }[]).map((row) => row.id);
  return { teamFolderId, uploadsFolderId, documentIds };
}

/** Resident set size of a process in MiB (Linux /proc), NaN once it is gone. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
