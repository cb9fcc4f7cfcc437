import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { mutationContract, queryContract } from "#shared/api/define.ts";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../../src/server/api/context.ts";
import { errorPayload } from "../../src/server/api/error-payload.ts";
import { type ExecuteInput, execute } from "../../src/server/api/execute.ts";
import { implement, Registry } from "../../src/server/api/registry.ts";
import { createLogger } from "../../src/server/logger.ts";
import { DB_KINDS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * What the server does when a value the database refuses gets past the arguments' schemas
 * (docs/decisions/013): the shared schemas refuse these characters, so these functions take
 * a bare z.string() on purpose, to stand for a schema that forgot the rule.
 */

const SECRET = "secret-value-4711";

const textArgs = z.object({ text: z.string() });
const asText = queryContract("test.asText", {
  args: textArgs,
  returns: z.unknown(),
  access: "public",
});
const asJson = mutationContract("test.asJson", {
  args: textArgs,
  returns: z.unknown(),
  access: "public",
});
const asUuid = queryContract("test.asUuid", {
  args: textArgs,
  returns: z.unknown(),
  access: "public",
});
const divide = queryContract("test.divide", {
  args: textArgs,
  returns: z.unknown(),
  access: "public",
});

const registry = new Registry([
  implement(asText, async (ctx, { text }) => ctx.db.execute(sql`select ${text}::text as value`)),
  implement(asJson, async (ctx, { text }) =>
    ctx.db.execute(sql`select ${JSON.stringify({ text })}::jsonb as value`),
  ),
  implement(asUuid, async (ctx, { text }) => ctx.db.execute(sql`select ${text}::uuid as value`)),
  // Not caused by the value's bytes: a bug, logged and answered as INTERNAL.
  implement(divide, async (ctx, { text }) =>
    ctx.db.execute(sql`select length(${text}::text) / 0 as value`),
  ),
]);

describe.each(DB_KINDS)("values the database refuses (%s)", (kind) => {
  let server: TestServer;
  let services: Services;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const log = createLogger("info", "json", { write: (line: string) => void lines.push(line) });
    services = { ...server.running.services, log };
  });
  afterAll(() => server.close());

  const run = (contract: { kind: ExecuteInput["kind"]; path: string }, text: string) =>
    execute(services, registry, {
      kind: contract.kind,
      path: contract.path,
      args: { text },
      identity: null,
      request: { ip: null, userAgent: null },
    });

  it("a NUL in text or in JSON is INVALID_ARGS, logged as a warning without the value", async () => {
    for (const [contract, sqlState] of [
      [asText, "22021"],
      [asJson, "22P05"],
    ] as const) {
      lines.length = 0;
      const error = await run(contract, `${SECRET}\u0000`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: "INVALID_ARGS",
        message:
          "The text contains characters that cannot be stored (such as NUL). Remove them and try again.",
      });
      expect(logged()).toEqual([
        expect.objectContaining({ level: 40, fn: contract.path, sqlState }),
      ]);
      expect(lines.join("")).not.toContain(SECRET);
    }
  });

  it("a malformed value for a typed column is INVALID_ARGS", async () => {
    lines.length = 0;
    await expect(run(asUuid, SECRET)).rejects.toMatchObject({
      code: "INVALID_ARGS",
      message: "A value in the request is malformed or out of range. Check it and try again.",
    });
    expect(lines.join("")).not.toContain(SECRET);
  });

  it("any other failed statement is logged with its SQL but never its parameters", async () => {
    lines.length = 0;
    const error = await run(divide, SECRET).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
    expect(errorPayload(error, services.log, { path: divide.path })).toMatchObject({
      errorData: { code: "INTERNAL" },
    });
    const [line, ...others] = logged();
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: 50,
      msg: "unexpected error",
      err: {
        type: "DrizzleQueryError",
        query: "select length($1::text) / 0 as value",
        message: expect.stringContaining("division by zero"),
      },
    });
    expect(lines.join("")).not.toContain(SECRET);
    // The error itself still carries them, for code that handles it.
    expect(error).toMatchObject({ params: [SECRET] });
  });
});
