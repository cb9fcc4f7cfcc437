import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

/** A logger writing JSON lines into an array. */
function capture() {
  const lines: string[] = [];
  const log = createLogger("info", "json", { write: (line: string) => void lines.push(line) });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line)) };
}

const EMAIL = "grace.hopper@example.test";
const NAME = "Grace\u0000Hopper";

/** A failed statement as node-postgres and drizzle report it. */
function failedStatement(): DrizzleQueryError {
  const cause = new pg.DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 0, "error");
  Object.assign(cause, {
    severity: "ERROR",
    code: "22021",
    where: `unnamed portal parameter $2 = '${EMAIL}'`,
    detail: `Key (email)=(${EMAIL}) already exists.`,
    routine: "report_invalid_encoding",
  });
  return new DrizzleQueryError(
    'update "users" set "first_name" = $1 where "users"."email" = $2',
    [NAME, EMAIL],
    cause,
  );
}

describe("the err serializer", () => {
  it("logs a failed statement's SQL and SQLSTATE, never its parameters", () => {
    const { log, lines, entries } = capture();
    log.child({ fn: "users.updateProfile" }).error({ err: failedStatement() }, "unexpected error");

    const text = lines.join("");
    expect(text).not.toContain("grace.hopper");
    expect(text).not.toContain("Grace");
    expect(text).not.toContain("params");
    const [entry] = entries();
    expect(entry).toMatchObject({
      level: 50,
      fn: "users.updateProfile",
      err: {
        type: "DrizzleQueryError",
        query: 'update "users" set "first_name" = $1 where "users"."email" = $2',
        message:
          'Failed query: update "users" set "first_name" = $1 where "users"."email" = $2: invalid byte sequence for encoding "UTF8": 0x00',
      },
    });
    // The stack keeps its frames under the shortened first line, and the cause's.
    expect(entry.err.stack).toMatch(/^Error: Failed query: update .*= \$2\n {4}at /);
    expect(entry.err.stack).toContain("caused by: error: invalid byte sequence");
  });

  it("drops the values PGlite's error carries, at any depth of causes", () => {
    const { log, lines } = capture();
    const pglite = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
      query: "select $1::text",
      params: [NAME],
      queryOptions: { paramTypes: [EMAIL] },
    });
    const wrapped = new Error("could not rename", {
      cause: new DrizzleQueryError("select $1::text", [NAME], pglite),
    });
    log.warn({ err: wrapped }, "wrapped");
    log.error({ err: new AggregateError([failedStatement()], "several") }, "aggregate");
    expect(lines.join("")).not.toMatch(/Grace|grace\.hopper/);
    expect(lines.join("")).toContain("could not rename: Failed query: select $1::text");
  });

  it("leaves the error itself as it was, and other errors as pino logs them", () => {
    const { log, entries } = capture();
    const error = failedStatement();
    log.error({ err: error }, "failed");
    expect(error.params).toEqual([NAME, EMAIL]);
    expect(error.message).toContain(EMAIL);

    const plain = Object.assign(new Error("disk full"), { code: "ENOSPC", path: "/data/x" });
    log.error({ err: plain }, "plain");
    expect(entries()[1].err).toMatchObject({
      type: "Error",
      message: "disk full",
      code: "ENOSPC",
      path: "/data/x",
      stack: expect.stringMatching(/^Error: disk full\n {4}at /),
    });
  });
});
