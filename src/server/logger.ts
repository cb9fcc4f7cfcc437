import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; secrets never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
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
