import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultDatabasePoolSize, loadConfig } from "./config.ts";

/** The message of the ConfigError that `loadConfig(env)` throws (fails if it does not throw). */
function configErrorOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("uses the documented defaults on an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      appName: "Atrium",
      publicUrl: "http://localhost:3000",
      publicOrigin: "http://localhost:3000",
      admin: undefined,
      logLevel: "info",
      trustProxy: false,
      maxJsonBodyBytes: 1_048_576,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it("reads every variable it is given", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/atrium",
      DATABASE_URL: "postgresql://atrium:secret@db.internal:5432/atrium",
      APP_NAME: "  Acme Workspace ",
      PUBLIC_URL: "https://atrium.example.com/",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "long enough",
      LOG_LEVEL: "debug",
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/atrium",
      databaseUrl: "postgresql://atrium:secret@db.internal:5432/atrium",
      appName: "Acme Workspace",
      publicUrl: "https://atrium.example.com",
      publicOrigin: "https://atrium.example.com",
      admin: { email: "admin@example.com", password: "long enough" },
      logLevel: "debug",
      trustProxy: true,
    });
  });

  it("resolves a relative DATA_DIR against the working directory", () => {
    expect(loadConfig({ DATA_DIR: "some/dir" }).dataDir).toBe(path.resolve("some/dir"));
  });

  it("treats empty strings as unset", () => {
    const config = loadConfig({
      PORT: "",
      DATA_DIR: "",
      DATABASE_URL: "",
      APP_NAME: "",
      PUBLIC_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "",
    });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      appName: "Atrium",
      publicUrl: "http://localhost:3000",
      admin: undefined,
      logLevel: "info",
    });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["LOG_LEVEL", "verbose"],
    ["DATABASE_URL", "mysql://localhost/atrium"],
    ["DATABASE_URL", "not a url"],
    ["PUBLIC_URL", "ftp://atrium.example.com"],
    ["PUBLIC_URL", "atrium.example.com"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["TRUST_PROXY", "maybe"],
    ["MAX_JSON_BODY_BYTES", "10"],
    ["ORPHAN_MIN_AGE_SECONDS", "0"],
    ["ORPHAN_SWEEP_INTERVAL_SECONDS", "10"],
  ])("a bad %s (%j) throws a ConfigError naming the variable", (name, value) => {
    const env: Record<string, string> = { [name]: value };
    if (name === "ADMIN_EMAIL") env.ADMIN_PASSWORD = "long enough";
    const message = configErrorOf(env);
    expect(message).toContain(name);
    expect(message).toMatch(/^Invalid configuration:/);
  });

  it("requires ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(configErrorOf({ ADMIN_EMAIL: "admin@example.com" })).toContain("ADMIN_PASSWORD");
    expect(configErrorOf({ ADMIN_PASSWORD: "long enough" })).toContain("ADMIN_EMAIL");
    expect(configErrorOf({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "short" })).toContain(
      "ADMIN_PASSWORD",
    );
  });

  it("takes mail settings in pairs, and a speech provider by URL or key", () => {
    expect(configErrorOf({ SMTP_URL: "smtp://mail.example.com:587" })).toContain("MAIL_FROM");
    expect(configErrorOf({ SMTP_URL: "http://mail.example.com", MAIL_FROM: "a@b.c" })).toContain(
      "SMTP_URL",
    );
    expect(
      loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Atrium <a@b.c>" })
        .mail,
    ).toEqual({ smtpUrl: "smtps://u:p@mail.example.com:465", from: "Atrium <a@b.c>" });
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({}).speech).toBeUndefined();
    expect(loadConfig({ OPENAI_API_KEY: "sk-1" }).speech).toMatchObject({
      apiKey: "sk-1",
      transcriptionModel: "whisper-1",
      speechModel: "tts-1",
    });
    expect(loadConfig({ SPEECH_PROVIDER_URL: "http://localhost:8000/v1/" }).speech).toEqual({
      baseUrl: "http://localhost:8000/v1",
      apiKey: undefined,
      transcriptionModel: "whisper-1",
      speechModel: "tts-1",
    });
  });

  it("takes SMTP_URL and MAIL_FROM together, and an smtp:// or smtps:// address", () => {
    expect(configErrorOf({ SMTP_URL: "smtp://mail.example.com" })).toContain("MAIL_FROM");
    expect(configErrorOf({ MAIL_FROM: "Atrium <a@example.com>" })).toContain("SMTP_URL");
    expect(
      configErrorOf({ SMTP_URL: "http://mail.example.com", MAIL_FROM: "a@example.com" }),
    ).toContain("SMTP_URL must be an smtp:// or smtps:// URL");
    expect(loadConfig({}).mail).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: "smtps://u:p@mail.example.com",
      MAIL_FROM: "a@example.com",
    });
    expect(config.mail).toEqual({ smtpUrl: "smtps://u:p@mail.example.com", from: "a@example.com" });
    expect(config.publicUrlConfigured).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://atrium.example.com" }).publicUrlConfigured).toBe(true);
  });

  it("names every bad variable at once", () => {
    const message = configErrorOf({ PORT: "abc", LOG_LEVEL: "loud" });
    expect(message).toContain("PORT");
    expect(message).toContain("LOG_LEVEL");
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 2 to 200, twice the cores and one by default", () => {
    expect(loadConfig({}).databasePoolSize).toBe(
      defaultDatabasePoolSize(os.availableParallelism()),
    );
    expect(defaultDatabasePoolSize(1)).toBe(3);
    expect(defaultDatabasePoolSize(2)).toBe(5);
    expect(defaultDatabasePoolSize(8)).toBe(17);
    expect(defaultDatabasePoolSize(128)).toBe(200);
    expect(loadConfig({ DATABASE_POOL_SIZE: "30" }).databasePoolSize).toBe(30);
    expect(configErrorOf({ DATABASE_POOL_SIZE: "many" })).toContain(
      "DATABASE_POOL_SIZE must be a number",
    );
    expect(configErrorOf({ DATABASE_POOL_SIZE: "1" })).toContain(
      "DATABASE_POOL_SIZE must be at least 2",
    );
    expect(configErrorOf({ DATABASE_POOL_SIZE: "500" })).toContain(
      "DATABASE_POOL_SIZE must be at most 200",
    );
  });

  it("runs PGlite on its own worker thread unless PGLITE_THREAD=main", () => {
    expect(loadConfig({}).pgliteThread).toBe("worker");
    expect(loadConfig({ PGLITE_THREAD: "main" }).pgliteThread).toBe("main");
    expect(configErrorOf({ PGLITE_THREAD: "both" })).toContain(
      "PGLITE_THREAD must be worker or main",
    );
  });

  it("sizes the live path's own PostgreSQL pool from LIVE_DATABASE_POOL_SIZE, 0 to 50, 2 by default", () => {
    expect(loadConfig({}).liveDatabasePoolSize).toBe(2);
    expect(loadConfig({ LIVE_DATABASE_POOL_SIZE: "0" }).liveDatabasePoolSize).toBe(0);
    expect(loadConfig({ LIVE_DATABASE_POOL_SIZE: "8" }).liveDatabasePoolSize).toBe(8);
    expect(configErrorOf({ LIVE_DATABASE_POOL_SIZE: "some" })).toContain(
      "LIVE_DATABASE_POOL_SIZE must be a number",
    );
    expect(configErrorOf({ LIVE_DATABASE_POOL_SIZE: "2.5" })).toContain(
      "LIVE_DATABASE_POOL_SIZE must be a whole number",
    );
    expect(configErrorOf({ LIVE_DATABASE_POOL_SIZE: "-1" })).toContain(
      "LIVE_DATABASE_POOL_SIZE must be at least 0",
    );
    expect(configErrorOf({ LIVE_DATABASE_POOL_SIZE: "51" })).toContain(
      "LIVE_DATABASE_POOL_SIZE must be at most 50",
    );
  });

  it("sweeps orphaned blobs older than an hour, every hour, unless told otherwise", () => {
    expect(loadConfig({}).orphanSweep).toEqual({ minAgeMs: 3_600_000, intervalMs: 3_600_000 });
    expect(
      loadConfig({ ORPHAN_MIN_AGE_SECONDS: "7200", ORPHAN_SWEEP_INTERVAL_SECONDS: "600" })
        .orphanSweep,
    ).toEqual({ minAgeMs: 7_200_000, intervalMs: 600_000 });
  });

  it("ignores variables it does not know", () => {
    expect(loadConfig({ SOMETHING_ELSE: "x", NODE_ENV: "production" }).port).toBe(3000);
  });
});
