import { parseArgs } from "node:util";
import { eq, ilike, or } from "drizzle-orm";
import { z } from "zod";
import { isAppError } from "../shared/errors.ts";
import {
  emailSchema,
  organizationNameSchema,
  passwordSchema,
  roleSchema,
} from "../shared/schemas/user.ts";
import { writeAudit } from "./auth/audit.ts";
import { hashPassword } from "./auth/passwords.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type Database, type Executor, openDatabase } from "./db/client.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { organizations, sessions, users } from "./db/schema.ts";
import { createOrganization } from "./organizations/create-organization.ts";
import { DEMO_ORGANIZATION, DEMO_PASSWORD, seedDemo } from "./seed/demo.ts";
import { createBlobStorage } from "./storage/index.ts";
import { S3BlobStorage } from "./storage/s3.ts";
import { createUser, findUserByEmail } from "./users/create-user.ts";

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
  seed:demo                       (a demo organization: a user of each role, folders, documents)`;

class UsageError extends Error {}

const need = <T>(schema: z.ZodType<T>, value: unknown, flag: string): T => {
  if (value === undefined) throw new UsageError(`Missing --${flag}.`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${flag}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
};

async function findOrganization(db: Executor, name: string | undefined) {
  if (name) {
    const found = await db
      .select()
      .from(organizations)
      .where(or(ilike(organizations.name, name), eq(organizations.slug, name)));
    if (!found[0])
      throw new UsageError(
        `No organization named "${name}". Create it with org:create --name "${name}".`,
      );
    return found[0];
  }
  const all = await db.select().from(organizations).limit(2);
  if (all.length === 1) return all[0]!;
  throw new UsageError(
    all.length === 0
      ? "There is no organization yet: create one with org:create."
      : "Several organizations exist: choose one with --org NAME.",
  );
}

async function requireUser(db: Executor, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with email ${email}.`);
  return user;
}

type Flags = Record<string, string | boolean | undefined>;

async function run(
  command: string | undefined,
  flags: Flags,
  database: Database,
  config: Config,
): Promise<string> {
  const db = database.db;
  switch (command) {
    case "org:create": {
      const org = await createOrganization({
        db,
        name: need(organizationNameSchema, flags.name, "name"),
      });
      await writeAudit(db, {
        action: "cli.org_create",
        organizationId: org.id,
        targetType: "organization",
        targetId: org.id,
      });
      return `Created organization "${org.name}" (${org.slug}).`;
    }
    case "user:create": {
      const email = need(emailSchema, flags.email, "email");
      const password = need(passwordSchema, flags.password, "password");
      const firstName = need(
        z.string().trim().min(1, "First name is required"),
        flags.first,
        "first",
      );
      const lastName = need(z.string().trim().min(1, "Last name is required"), flags.last, "last");
      const role = flags.role === undefined ? "Member" : need(roleSchema, flags.role, "role");
      const org = await findOrganization(db, typeof flags.org === "string" ? flags.org : undefined);
      const user = await createUser({
        db,
        email,
        password,
        firstName,
        lastName,
        organizationId: org.id,
        role,
        isSuperadmin: flags.superadmin === true,
      });
      await writeAudit(db, {
        action: "cli.user_create",
        organizationId: org.id,
        targetType: "user",
        targetId: user.id,
      });
      return `Created ${user.isSuperadmin ? "superadmin" : role} ${user.email} in "${org.name}".`;
    }
    case "user:set-password": {
      const user = await requireUser(db, need(emailSchema, flags.email, "email"));
      const password = need(passwordSchema, flags.password, "password");
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: "password_reset" })
          .where(eq(sessions.userId, user.id));
        await writeAudit(tx, {
          action: "cli.user_set_password",
          organizationId: user.organizationId,
          targetType: "user",
          targetId: user.id,
        });
      });
      return `Password changed for ${user.email}; their sessions were ended.`;
    }
    case "user:disable":
    case "user:enable": {
      const user = await requireUser(db, need(emailSchema, flags.email, "email"));
      const disabled = command === "user:disable";
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ disabled, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        if (disabled)
          await tx
            .update(sessions)
            .set({ revokedAt: new Date(), revokedReason: "user_disabled" })
            .where(eq(sessions.userId, user.id));
        await writeAudit(tx, {
          action: `cli.${command.replace(":", "_")}`,
          organizationId: user.organizationId,
          targetType: "user",
          targetId: user.id,
        });
      });
      return `${disabled ? "Disabled" : "Enabled"} ${user.email}.`;
    }
    case "seed:demo": {
      // Demo documents are real files in the configured blob storage (DATA_DIR or S3).
      const storage = await createBlobStorage(config);
      const { emails } = await seedDemo(db, storage).finally(() => {
        if (storage instanceof S3BlobStorage) storage.destroy();
      });
      return [
        `Seeded "${DEMO_ORGANIZATION}". Sign in with any of these (password ${DEMO_PASSWORD}):`,
        ...emails.map((e) => `  ${e}`),
      ].join("\n");
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  }
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
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    process.stdout.write(`${await run(positionals[0], values, database, config)}\n`);
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
