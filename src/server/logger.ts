import pino from "pino";

export type Logger = pino.Logger;

/**
 * Structured logs on stdout; secrets never reach them. JSON lines by default;
 * "pretty" (LOG_FORMAT, the default in a terminal) renders them for people.
 */
export function createLogger(level: string, format: "json" | "pretty" = "json"): Logger {
  return pino({
    level,
    ...(format === "pretty"
      ? {
          transport: {
            target: "pino-pretty",
            options: { ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss" },
          },
        }
      : {}),
    base: { service: "atrium" },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "refreshToken",
        "*.refreshToken",
        "req.headers.authorization",
        "req.headers.cookie",
      ],
      censor: "[redacted]",
    },
  });
}
