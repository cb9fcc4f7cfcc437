import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { type OidcProviderConfig, parseOidcProviders } from "./auth/oidc/oidc-config.ts";

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

/**
 * DATABASE_POOL_SIZE when unset: twice the host's cores and one (5 on 2 cores, 17 on 8), within
 * the variable's bounds. More statements in flight than the cores can run only wait, holding
 * their transactions' locks meanwhile (decision 032, "A pool sized to the machine").
 */
export function defaultDatabasePoolSize(cores = os.availableParallelism()): number {
  return Math.min(200, Math.max(2, 2 * cores + 1));
}

const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: url(/^postgres(ql)?:$/, "must be a postgres:// or postgresql:// URL").optional(),
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(2, "must be at least 2")
      .max(200, "must be at most 200")
      .default(() => defaultDatabasePoolSize()),
    LIVE_DATABASE_POOL_SIZE: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(50, "must be at most 50")
      .default(2),
    PGLITE_THREAD: z
      .enum(["worker", "main"], { message: "must be worker or main" })
      .default("worker"),
    LIVE_STATS_FILE: z.string().min(1, "must not be empty").optional(),
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
    // Dossier
    MAX_UPLOAD_BYTES: z.coerce
      .number({ message: "must be a number of bytes" })
      .int("must be a whole number")
      .min(1024, "must be at least 1024")
      .default(100 * 1024 * 1024),
    S3_ENDPOINT: url(/^https?:$/, "must be an http:// or https:// URL").optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: boolean.default(true),
    ORPHAN_MIN_AGE_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(3600),
    ORPHAN_SWEEP_INTERVAL_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(60, "must be at least 60")
      .max(604_800, "must be at most 604800")
      .default(3600),
    // Email (invitations, notifications): both or neither.
    SMTP_URL: url(/^smtps?:$/, "must be an smtp:// or smtps:// URL").optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .min(3, "must be an address such as Atrium <atrium@example.com>")
      .optional(),
    PREVIEW_UPSTREAM_URL: url(/^https?:$/, "must be an http:// or https:// URL").optional(),
    RUN_WORKER: boolean.default(true),
    WORKER_CONCURRENCY: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(64, "must be at most 64")
      .default(1),
    JOB_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(120),
    JOB_LEASE_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(3600, "must be at most 3600")
      .default(30),
    JOB_MAX_MEMORY_MB: z.coerce
      .number({ message: "must be a number of megabytes" })
      .int("must be a whole number")
      .min(64, "must be at least 64")
      .default(512),
    // Module executions (decision 019)
    TABLE_FILL_CONCURRENCY: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(256, "must be at most 256")
      .default(8),
    TABLE_CELL_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(600, "must be at most 600")
      .default(90),
    MODULE_EXECUTION_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(7 * 86_400, "must be at most 604800")
      .default(3600),
    MODULE_WEBHOOK_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(300, "must be at most 300")
      .default(15),
    MODULE_WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
    MODULE_CALLBACK_MAX_BYTES: z.coerce
      .number({ message: "must be a number of bytes" })
      .int("must be a whole number")
      .min(1024, "must be at least 1024")
      .default(10 * 1024 * 1024),
    // AI models (each provider's usual variable names)
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_BASE_URL: url(/^https?:$/, "must be an http:// or https:// URL").optional(),
    ANTHROPIC_API_KEY: z.string().min(1).optional(),
    AWS_REGION: z.string().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
    GOOGLE_VERTEX_PROJECT: z.string().min(1).optional(),
    GOOGLE_VERTEX_LOCATION: z.string().min(1).optional(),
    GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
    GOOGLE_GENERATIVE_AI_API_KEY: z.string().min(1).optional(),
    OPENAI_COMPATIBLE_BASE_URL: url(/^https?:$/, "must be an http:// or https:// URL").optional(),
    OPENAI_COMPATIBLE_API_KEY: z.string().min(1).optional(),
    OPENAI_COMPATIBLE_MODELS: z.string().min(1).optional(),
    MODELS_FILE: z.string().min(1).optional(),
    DEFAULT_MODEL: z.string().min(1).optional(),
    // Search embeddings (decision 031): "provider:model", e.g. openai:text-embedding-3-small
    EMBEDDING_MODEL: z
      .string()
      .regex(
        /^(openai|google|vertex|bedrock|compatible):\S+$/,
        "must be provider:model, e.g. openai:text-embedding-3-small (providers: openai, google, vertex, bedrock, compatible)",
      )
      .optional(),
    NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(86_400, "must be at most 86400")
      .default(120),
    // Pocket associate: speech and transcription (OpenAI's audio API or a compatible server)
    SPEECH_PROVIDER_URL: url(/^https?:$/, "must be an http:// or https:// URL").optional(),
    SPEECH_API_KEY: z.string().min(1).optional(),
    TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    SPEECH_MODEL: z.string().min(1).default("tts-1"),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set when S3_BUCKET is set",
      });
    }
    if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SMTP_URL ? "MAIL_FROM" : "SMTP_URL"],
        message: "must be set together with SMTP_URL and MAIL_FROM",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with ADMIN_EMAIL and ADMIN_PASSWORD",
      });
    }
    if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SMTP_URL ? "MAIL_FROM" : "SMTP_URL"],
        message: "must be set together with SMTP_URL and MAIL_FROM",
      });
    }
  });

export type Config = ReturnType<typeof finish>;

function finish(env: z.infer<typeof envSchema>, oidcProviders: OidcProviderConfig[] = []) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    /**
     * Connections per instance in the PostgreSQL pool for requests (live re-runs have their own,
     * below); unset: defaultDatabasePoolSize().
     */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /**
     * Connections per instance of the live path's own PostgreSQL pool (live re-runs' statements
     * do not queue behind requests); 0: they share the main pool.
     */
    liveDatabasePoolSize: env.LIVE_DATABASE_POOL_SIZE,
    /**
     * Where the embedded database runs (decision 032, "PGlite in a worker thread"): its own
     * worker thread, or the server's main thread (a one-core host).
     */
    pgliteThread: env.PGLITE_THREAD,
    /** Where the live-query hub writes its counters every second (benchmarks); unset: nowhere. */
    liveStatsFile: env.LIVE_STATS_FILE,
    appName: env.APP_NAME,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    /** Whether PUBLIC_URL was set; if not, links use the address a request came to. */
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
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
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    /** S3-compatible blob storage when S3_BUCKET is set; else a directory under DATA_DIR. */
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    blobDir: path.join(dataDir, "blobs"),
    /** Removing what a process killed mid-upload left in blob storage (decision 014). */
    orphanSweep: {
      /** Blobs and unfinished uploads younger than this are kept: longer than any upload takes. */
      minAgeMs: env.ORPHAN_MIN_AGE_SECONDS * 1000,
      intervalMs: env.ORPHAN_SWEEP_INTERVAL_SECONDS * 1000,
    },
    /** Outgoing email (SMTP_URL and MAIL_FROM); undefined: links are copied by hand. */
    mail:
      env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    previewUpstreamUrl: env.PREVIEW_UPSTREAM_URL?.replace(/\/+$/, ""),
    worker: {
      enabled: env.RUN_WORKER,
      concurrency: env.WORKER_CONCURRENCY,
      timeoutMs: env.JOB_TIMEOUT_SECONDS * 1000,
      maxMemoryMb: env.JOB_MAX_MEMORY_MB,
      /** How long a claimed job stays claimed without a heartbeat (a dead worker's jobs return after it). */
      leaseMs: env.JOB_LEASE_SECONDS * 1000,
    },
    /** Review tables (decision 027): model calls in flight per provider, one cell's time bound. */
    tables: {
      fillConcurrency: env.TABLE_FILL_CONCURRENCY,
      cellTimeoutMs: env.TABLE_CELL_TIMEOUT_SECONDS * 1000,
    },
    /** Module executions: deadlines, webhook dispatch and callbacks (decision 019). */
    modules: {
      /** A run with no result by then fails ("The automation did not answer in time"). */
      executionTimeoutMs: env.MODULE_EXECUTION_TIMEOUT_SECONDS * 1000,
      /** One POST to an automation's endpoint. */
      webhookTimeoutMs: env.MODULE_WEBHOOK_TIMEOUT_SECONDS * 1000,
      /** host or host:port (lower case) the server may call even on private addresses. */
      allowedHosts: (env.MODULE_WEBHOOK_ALLOWED_HOSTS ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      callbackMaxBytes: env.MODULE_CALLBACK_MAX_BYTES,
    },
    ai: {
      openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL },
      anthropic: { apiKey: env.ANTHROPIC_API_KEY },
      bedrock: {
        region: env.AWS_REGION,
        accessKeyId: env.AWS_ACCESS_KEY_ID,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
        sessionToken: env.AWS_SESSION_TOKEN,
      },
      vertex: {
        project: env.GOOGLE_VERTEX_PROJECT,
        location: env.GOOGLE_VERTEX_LOCATION,
        credentialsFile: env.GOOGLE_APPLICATION_CREDENTIALS,
      },
      google: { apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY },
      compatible: {
        baseUrl: env.OPENAI_COMPATIBLE_BASE_URL,
        apiKey: env.OPENAI_COMPATIBLE_API_KEY,
        models: (env.OPENAI_COMPATIBLE_MODELS ?? "")
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean),
      },
      modelsFile: env.MODELS_FILE ? path.resolve(env.MODELS_FILE) : undefined,
      defaultModel: env.DEFAULT_MODEL,
      /** The search embedding model as "provider:model"; unset: full-text search alone. */
      embeddingModel: env.EMBEDDING_MODEL,
    },
    /** How long the first pending notification waits for others before the email digest goes. */
    notificationEmailDelayMs: env.NOTIFICATION_EMAIL_DELAY_SECONDS * 1000,
    /**
     * Speech and transcription: SPEECH_PROVIDER_URL (an OpenAI-compatible
     * server), else OpenAI itself with SPEECH_API_KEY or OPENAI_API_KEY.
     */
    speech: speechProvider(env),
    /** Single sign-on providers (OIDC_PROVIDERS; decision 030), in the order named. */
    oidcProviders,
  };
}

function speechProvider(env: z.infer<typeof envSchema>) {
  const apiKey = env.SPEECH_API_KEY ?? (env.SPEECH_PROVIDER_URL ? undefined : env.OPENAI_API_KEY);
  const baseUrl = env.SPEECH_PROVIDER_URL ?? (apiKey ? env.OPENAI_BASE_URL : undefined);
  if (!env.SPEECH_PROVIDER_URL && !apiKey) return undefined;
  return {
    baseUrl: baseUrl?.replace(/\/+$/, ""),
    apiKey,
    transcriptionModel: env.TRANSCRIPTION_MODEL,
    speechModel: env.SPEECH_MODEL,
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
  const oidc = parseOidcProviders(env);
  if (!parsed.success || oidc.issues.length > 0) {
    const lines = (parsed.error?.issues ?? []).map(
      (issue) => `  ${issue.path.join(".")} ${issue.message}`,
    );
    for (const [variable, message] of oidc.issues) lines.push(`  ${variable} ${message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return finish(parsed.data, oidc.providers);
}
