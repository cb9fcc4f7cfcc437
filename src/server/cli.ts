import { parseArgs } from "node:util";
import { z } from "zod";
import { isAppError } from "#shared/errors.ts";
import {
  emailSchema,
  organizationNameSchema,
  passwordSchema,
  roleSchema,
} from "#shared/schemas/user.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import type { Database, Executor } from "./db/database.ts";

/**
 * The admin command line: `npm run cli -- <command> [--options]`. It opens the
 * database directly, so with the embedded database it runs while the server
 * is stopped.
 */
const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  org:create --name NAME
  user:create --email EMAIL --password PASSWORD --first FIRST --last LAST
              [--org NAME] [--role Member|OrganizationAdmin] [--superadmin]
  user:set-password --email EMAIL --password PASSWORD
  user:disable --email EMAIL      (ends the user's sessions)
  user:enable --email EMAIL
  seed:demo                       (a demo organization: a user of each role, folders, documents)
  embeddings:recompute [--all]    (embed passages missing an embedding or from another model;
                                   --all: every passage again; needs EMBEDDING_MODEL)`;

class UsageError extends Error {}

const need = <T>(schema: z.ZodType<T>, value: unknown, flag: string): T => {
  if (value === undefined) throw new UsageError(`Missing --${flag}.`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${flag}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
};

/**
 * The modules that reach the database. Loading them (drizzle, the schema, PGlite) takes a
 * second or more, so they load only once the command line has passed its checks.
 */
async function loadModules() {
  const [drizzle, client, schema, audit, passwords, organizations, users, access] =
    await Promise.all([
      import("drizzle-orm"),
      import("./db/client.ts"),
      import("./db/schema.ts"),
      import("./auth/audit.ts"),
      import("./auth/passwords.ts"),
      import("./organizations/create-organization.ts"),
      import("./users/create-user.ts"),
      import("./organizations/organization-access.ts"),
    ]);
  return {
    eq: drizzle.eq,
    ilike: drizzle.ilike,
    or: drizzle.or,
    openDatabase: client.openDatabase,
    organizations: schema.organizations,
    sessions: schema.sessions,
    users: schema.users,
    writeAudit: audit.writeAudit,
    hashPassword: passwords.hashPassword,
    createOrganization: organizations.createOrganization,
    createUser: users.createUser,
    findUserByEmail: users.findUserByEmail,
    lockOrganization: access.lockOrganization,
    assertKeepsAnAdmin: access.assertKeepsAnAdmin,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

async function findOrganization(m: Modules, db: Executor, name: string | undefined) {
  if (name) {
    const found = await db
      .select()
      .from(m.organizations)
      .where(m.or(m.ilike(m.organizations.name, name), m.eq(m.organizations.slug, name)));
    if (!found[0])
      throw new UsageError(
        `No organization named "${name}". Create it with org:create --name "${name}".`,
      );
    return found[0];
  }
  const all = await db.select().from(m.organizations).limit(2);
  if (all.length === 1) return all[0]!;
  throw new UsageError(
    all.length === 0
      ? "There is no organization yet: create one with org:create."
      : "Several organizations exist: choose one with --org NAME.",
  );
}

async function requireUser(m: Modules, db: Executor, email: string) {
  const user = await m.findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with email ${email}.`);
  return user;
}

type Flags = Record<string, string | boolean | undefined>;

/** What a command does once its checks have passed and the database is open. */
type Work = (m: Modules, database: Database, config: Config) => Promise<string>;

/**
 * Checks a command's input, in the order the command reads it, up to its first use of the
 * database; returns the rest of its work. Bad input is thus refused without opening the
 * database.
 */
function prepare(command: string | undefined, flags: Flags): Work {
  if (!command) throw new UsageError("No command given.");
  if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(`Unknown command "${command}".`);
  return COMMANDS[command]!(flags, command);
}

const COMMANDS: Record<string, (flags: Flags, command: string) => Work> = {
  "org:create": prepareCreateOrganization,
  "user:create": prepareCreateUser,
  "user:set-password": prepareSetPassword,
  "user:disable": prepareSetDisabled,
  "user:enable": prepareSetDisabled,
  "seed:demo": prepareSeedDemo,
  "embeddings:recompute": prepareRecomputeEmbeddings,
};

/** Search embeddings after EMBEDDING_MODEL changed (decision 031). */
function prepareRecomputeEmbeddings(flags: Flags): Work {
  return async (_m, { db }, config) => {
    const [{ createEmbeddingChoice }, { recomputeEmbeddings }] = await Promise.all([
      import("./models/embedding-model.ts"),
      import("./ingest/chunk-embeddings.ts"),
    ]);
    const choice = await createEmbeddingChoice(config.ai);
    if (!choice) {
      throw new UsageError(
        "No embedding model: set EMBEDDING_MODEL (e.g. openai:text-embedding-3-small) and its provider's credentials.",
      );
    }
    const done = await recomputeEmbeddings({
      db,
      choice,
      all: flags.all === true,
      onProgress: (n) => process.stdout.write(`\rEmbedded ${n} passages`),
    });
    if (done > 0) process.stdout.write("\n");
    return done === 0
      ? `Every passage already has an embedding from ${choice.id}.`
      : `Embedded ${done} passages with ${choice.id}.`;
  };
}

function prepareCreateOrganization(flags: Flags): Work {
  const name = need(organizationNameSchema, flags.name, "name");
  return async (m, { db }) => {
    const org = await m.createOrganization({ db, name });
    await m.writeAudit(db, {
      action: "cli.org_create",
      organizationId: org.id,
      targetType: "organization",
      targetId: org.id,
    });
    return `Created organization "${org.name}" (${org.slug}).`;
  };
}

function prepareCreateUser(flags: Flags): Work {
  const email = need(emailSchema, flags.email, "email");
  const password = need(passwordSchema, flags.password, "password");
  const firstName = need(z.string().trim().min(1, "First name is required"), flags.first, "first");
  const lastName = need(z.string().trim().min(1, "Last name is required"), flags.last, "last");
  const role = flags.role === undefined ? "Member" : need(roleSchema, flags.role, "role");
  return async (m, { db }) => {
    const org = await findOrganization(
      m,
      db,
      typeof flags.org === "string" ? flags.org : undefined,
    );
    const user = await m.createUser({
      db,
      email,
      password,
      firstName,
      lastName,
      organizationId: org.id,
      role,
      isSuperadmin: flags.superadmin === true,
    });
    await m.writeAudit(db, {
      action: "cli.user_create",
      organizationId: org.id,
      targetType: "user",
      targetId: user.id,
    });
    return `Created ${user.isSuperadmin ? "superadmin" : role} ${user.email} in "${org.name}".`;
  };
}

function prepareSetPassword(flags: Flags): Work {
  const email = need(emailSchema, flags.email, "email");
  return async (m, { db }) => {
    const user = await requireUser(m, db, email);
    const password = need(passwordSchema, flags.password, "password");
    await db.transaction(async (tx) => {
      await tx
        .update(m.users)
        .set({ passwordHash: await m.hashPassword(password), updatedAt: new Date() })
        .where(m.eq(m.users.id, user.id));
      await tx
        .update(m.sessions)
        .set({ revokedAt: new Date(), revokedReason: "password_reset" })
        .where(m.eq(m.sessions.userId, user.id));
      await m.writeAudit(tx, {
        action: "cli.user_set_password",
        organizationId: user.organizationId,
        targetType: "user",
        targetId: user.id,
      });
    });
    return `Password changed for ${user.email}; their sessions were ended.`;
  };
}

function prepareSetDisabled(flags: Flags, command: string): Work {
  const email = need(emailSchema, flags.email, "email");
  return async (m, { db }) => {
    const user = await requireUser(m, db, email);
    const disabled = command === "user:disable";
    await db.transaction(async (tx) => {
      // The same rule as the organization page: its last admin stays (decision 021).
      if (disabled && user.organizationId) {
        await m.lockOrganization(tx, user.organizationId);
        await m.assertKeepsAnAdmin(tx, {
          organizationId: user.organizationId,
          userId: user.id,
          change: "disable",
        });
      }
      await tx
        .update(m.users)
        .set({ disabled, updatedAt: new Date() })
        .where(m.eq(m.users.id, user.id));
      if (disabled)
        await tx
          .update(m.sessions)
          .set({ revokedAt: new Date(), revokedReason: "user_disabled" })
          .where(m.eq(m.sessions.userId, user.id));
      await m.writeAudit(tx, {
        action: `cli.${command.replace(":", "_")}`,
        organizationId: user.organizationId,
        targetType: "user",
        targetId: user.id,
      });
    });
    return `${disabled ? "Disabled" : "Enabled"} ${user.email}.`;
  };
}

function prepareSeedDemo(): Work {
  return async (_m, { db }, config) => {
    const [
      { DEMO_ORGANIZATION, DEMO_PASSWORD, seedDemo },
      { createBlobStorage },
      { S3BlobStorage },
    ] = await Promise.all([
      import("./seed/demo.ts"),
      import("./storage/index.ts"),
      import("./storage/s3.ts"),
    ]);
    // Demo documents are real files in the configured blob storage (DATA_DIR or S3).
    const storage = await createBlobStorage(config);
    const { emails } = await seedDemo(db, storage).finally(() => {
      if (storage instanceof S3BlobStorage) storage.destroy();
    });
    return [
      `Seeded "${DEMO_ORGANIZATION}". Sign in with any of these (password ${DEMO_PASSWORD}):`,
      ...emails.map((e) => `  ${e}`),
    ].join("\n");
  };
}

function parseCommandLine() {
  const text = { type: "string" } as const;
  return parseArgs({
    allowPositionals: true,
    options: {
      name: text,
      email: text,
      password: text,
      first: text,
      last: text,
      org: text,
      role: text,
      superadmin: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  const { positionals, values } = parsed;
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return positionals.length === 0 && !values.help ? 1 : 0;
  }
  let database: Database | undefined;
  try {
    const config = loadConfig();
    const work = prepare(positionals[0], values);
    const m = await loadModules();
    database = await m.openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // DATABASE_POOL_SIZE as the server reads it: an operator who lowered it for a small
      // max_connections lowers the CLI's too.
      poolSize: config.databasePoolSize,
      // One command, one statement at a time: PGlite's worker thread (which keeps a server's
      // requests off the database's CPU) only adds its start here, 0.3 CPU-s of about 2.
      // PGLITE_THREAD set in the environment still decides.
      pgliteThread: process.env.PGLITE_THREAD === undefined ? "main" : config.pgliteThread,
    });
    process.stdout.write(`${await work(m, database, config)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    else if (
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      isAppError(error)
    )
      process.stderr.write(`${error.message}\n`);
    else throw error;
    return 1;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main();
