import pino from "pino";

export type Logger = pino.Logger;

/**
 * Structured logs on stdout; secrets never reach them. JSON lines by default;
 * "pretty" (LOG_FORMAT, the default in a terminal) renders them for people.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(
  level: string,
  format: "json" | "pretty" = "json",
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    ...(format === "pretty" && !destination
      ? {
          transport: {
            target: "pino-pretty",
            options: { ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss" },
          },
        }
      : {}),
    base: { service: "atrium" },
    serializers: { err: serializeError },
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
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Fields of a failed statement's error that hold the values it was given:
 * drizzle's DrizzleQueryError and PGlite's error carry `params` (PGlite also
 * `queryOptions`); PostgreSQL's `detail` ("Key (email)=(...) already exists")
 * and `where` ("unnamed portal parameter $1 = '...'") quote them.
 */
const VALUE_FIELDS = new Set(["params", "parameters", "queryOptions", "detail", "where"]);

/** Where drizzle's message ("Failed query: <sql>\nparams: <values>") starts listing values. */
const PARAMS_LINE = "\nparams: ";

/**
 * pino's error serializer, on a copy of the error (and of its causes) without
 * the values of a failed statement: the SQL text stays, the parameters never
 * reach a log line (issue 17). The error itself is left as it was.
 */
export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(withoutStatementValues(error, new Map()) as Error);
}

function withoutStatementValues(value: unknown, copies: Map<Error, object>): unknown {
  if (!(value instanceof Error)) return value;
  const known = copies.get(value);
  if (known) return known;
  const copy: Record<string, unknown> = Object.create(Object.getPrototypeOf(value));
  copies.set(value, copy);
  for (const [key, field] of Object.entries(value)) {
    if (!VALUE_FIELDS.has(key)) copy[key] = withoutStatementValues(field, copies);
  }
  // `new Error(message, {cause})` and AggregateError's `errors` are not enumerable.
  if ("cause" in value && !Object.hasOwn(copy, "cause")) {
    copy.cause = withoutStatementValues(value.cause, copies);
  }
  if (value instanceof AggregateError) {
    Object.defineProperty(copy, "errors", {
      value: value.errors.map((inner) => withoutStatementValues(inner, copies)),
    });
  }
  const cut = value.message.indexOf(PARAMS_LINE);
  const message = cut >= 0 ? value.message.slice(0, cut) : value.message;
  copy.message = message;
  copy.stack = cut >= 0 ? stackWithMessage(value, message) : value.stack;
  return copy;
}

/**
 * The stack under a new first line. V8 starts a stack with "Name: message";
 * when it does not, the frames cannot be told from the values: no stack.
 */
function stackWithMessage(error: Error, message: string): string {
  const stack = error.stack ?? "";
  const header = `${error.name}: ${error.message}`;
  const frames = stack.startsWith(header) ? stack.slice(header.length) : "";
  return `${error.name}: ${message}${frames}`;
}
