import path from "node:path";
import { z } from "zod";

/**
 * The server's configuration, parsed once from the environment. Nothing else
 * reads process.env. A bad value stops start-up with a message naming the
 * variable.
 */
const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce
  .number({ message: "must be a port number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const url = (protocols: RegExp, message: string) =>
  z.string().refine((v) => {
    try {
      return protocols.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, message);

const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: url(/^postgres(ql)?:$/, "must be a postgres:// or postgresql:// URL").optional(),
    APP_NAME: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(60, "must be at most 60 characters")
      .default("Atrium"),
    PUBLIC_URL: url(/^https?:$/, "must be an http:// or https:// URL").optional(),
    ADMIN_EMAIL: z.email("must be an email address").optional(),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    LOG_FORMAT: z
      .enum(["json", "pretty"], { message: "must be json or pretty" })
      .default(process.stdout.isTTY ? "pretty" : "json"),
    TRUST_PROXY: boolean.default(false),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(10, "must be at least 10")
      .max(86_400, "must be at most 86400")
      .default(900),
    SESSION_TTL_DAYS: z.coerce
      .number({ message: "must be a number of days" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(365, "must be at most 365")
      .default(30),
    MAX_JSON_BODY_BYTES: z.coerce
      .number({ message: "must be a number of bytes" })
      .int("must be a whole number")
      .min(1024, "must be at least 1024")
      .default(1_048_576),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with ADMIN_EMAIL and ADMIN_PASSWORD",
      });
    }
  });

export type Config = ReturnType<typeof finish>;

function finish(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    appName: env.APP_NAME,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    maxJsonBodyBytes: env.MAX_JSON_BODY_BYTES,
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parse an environment (process.env by default). Empty strings count as unset. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== "") env[key] = value;
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return finish(parsed.data);
}
