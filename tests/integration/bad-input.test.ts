import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { BROKEN_CHARACTER_MESSAGE, CONTROL_CHARACTERS_MESSAGE } from "#shared/schemas/text.ts";
import { type CallResult, callFn, callFnRaw } from "../support/call-fn.ts";
import {
  everyContract,
  SAMPLE_TEXT,
  sampleArgs,
  stringPaths,
  valueAt,
  withValueAt,
} from "../support/contract-samples.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  migratedDataDir,
  rawRequest,
  startTestServer,
  type TestServer,
} from "../support/server.ts";
import { socketCallFn, subscribeFn } from "../support/sync-fn.ts";
import { closeCodeOf, TestSocket } from "../support/sync-socket.ts";

const BAD_BODY_SHAPE = 'The request body must be {path, args, format: "json"}.';

/**
 * Characters no string argument may hold (docs/decisions/013): NUL, which PostgreSQL refuses,
 * the other C0 controls (tab and line breaks too, except in MULTI_LINE_ARGUMENTS), DEL, C1
 * controls, and halves of a surrogate pair.
 */
const CONTROL_CHARACTERS = [
  ["NUL", "\u0000"],
  ["SOH", "\u0001"],
  ["BS", "\u0008"],
  ["TAB", "\t"],
  ["LF", "\n"],
  ["VT", "\u000b"],
  ["CR", "\r"],
  ["ESC", "\u001b"],
  ["US", "\u001f"],
  ["DEL", "\u007f"],
  ["NEL", "\u0085"],
  ["APC", "\u009f"],
] as const;
/** Arguments that are multi-line text (decision 013): tab and line breaks are allowed there. */
const MULTI_LINE_ARGUMENTS = new Set([
  "prompts.create body",
  "prompts.update body",
  ...["modules.create", "modules.update"].flatMap((fn) =>
    ["description", "technicalNotes", "promptTemplate"].map((field) => `${fn} ${field}`),
  ),
  // A run's input values: a long-text input keeps its lines.
  `modules.run inputs.${SAMPLE_TEXT}`,
  "drafts.update content",
  "support.create message",
  "support.reply body",
  // Workflows (decision 028): descriptions, prompts, run values and sample outputs keep their lines.
  ...["workflows.create", "workflows.update"].flatMap((fn) =>
    ["description", "steps.0.prompt"].map((field) => `${fn} ${field}`),
  ),
  `workflows.run inputs.${SAMPLE_TEXT}`,
  "workflows.testStep step.prompt",
  `workflows.testStep inputs.${SAMPLE_TEXT}`,
  "workflows.testStep previousOutputs.0",
  `workflows.testStep step.inputs.${SAMPLE_TEXT}`,
  "workflows.testStep step.columns.0.question",
  "workflows.testStep step.columns.0.instructions",
  // Review tables (decision 027): questions, instructions and corrected answers keep their lines.
  ...["tables.addColumn", "tables.updateColumn"].flatMap((fn) =>
    ["question", "instructions"].map((field) => `${fn} ${field}`),
  ),
  "tables.setCell answer",
]);
const LINE_CHARACTERS = new Set(["TAB", "LF", "CR"]);

const BROKEN_CHARACTERS = [
  ["lone high surrogate", "\ud800"],
  ["lone low surrogate", "\udfff"],
] as const;

/** `value` with each field named in `ids` (at any depth) set to that id. */
function withRealIds(value: unknown, ids: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withRealIds(item, ids));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key in ids ? ids[key] : withRealIds(item, ids),
    ]),
  );
}

/** `items` through `run`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) {
    await Promise.all(items.slice(i, i + width).map(run));
  }
}

/** Each kind of bad input gets a clear error, and the server keeps serving. */
describe.each(DB_KINDS)("bad input (%s)", (kind) => {
  let server: TestServer;
  /** The same server with a 2 KB JSON body limit. */
  let small: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const socket = await TestSocket.open(server.url, headers);
    sockets.push(socket);
    return socket;
  };
  const dataDir = async () => (kind === "pglite" ? migratedDataDir() : undefined);
  const post = (target: TestServer, path: string, body: BodyInit, init: RequestInit = {}) =>
    rawRequest(target, path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      ...init,
    });

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { dataDir: await dataDir() });
    small = await startTestServer(
      kind,
      { MAX_JSON_BODY_BYTES: "2048" },
      { dataDir: await dataDir() },
    );
  });
  afterAll(async () => {
    // After everything below, the server still answers.
    const health = await rawRequest(server, "/api/health");
    expect(health.httpStatus).toBe(200);
    expect(health.json).toEqual({ status: "ok", database: kind });
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([server.close(), small.close()]);
  });

  describe("HTTP function calls", () => {
    it("malformed JSON gets 560 BAD_REQUEST", async () => {
      for (const body of ['{"path": "users.getMe",', "", "not json at all", "{'path': 1}"]) {
        const response = await post(server, "/api/query", body);
        expect(response.httpStatus, body).toBe(560);
        expect(response.json, body).toEqual({
          status: "error",
          errorMessage: "The request body is not valid JSON.",
          errorData: { code: "BAD_REQUEST" },
          logLines: [],
        });
      }
    });

    it("a body that is not an object, or lacks a path, gets 560 BAD_REQUEST with the issues", async () => {
      for (const body of ["[1,2]", '"users.getMe"', "null", "42", "true"]) {
        const response = await post(server, "/api/query", body);
        expect(response.httpStatus, body).toBe(560);
        expect(response.json, body).toMatchObject({
          status: "error",
          errorMessage: BAD_BODY_SHAPE,
          errorData: { code: "BAD_REQUEST", issues: [expect.objectContaining({ path: "" })] },
          logLines: [],
        });
      }
      const missingPath = await post(server, "/api/query", JSON.stringify({ args: {} }));
      expect(missingPath.httpStatus).toBe(560);
      expect(missingPath.json).toEqual({
        status: "error",
        errorMessage: BAD_BODY_SHAPE,
        errorData: {
          code: "BAD_REQUEST",
          issues: [{ path: "path", message: expect.any(String) }],
        },
        logLines: [],
      });
      for (const body of [{ path: 42 }, { path: "" }, { path: "users.getMe", format: "xml" }]) {
        const response = await post(server, "/api/query", JSON.stringify(body));
        expect(response.httpStatus).toBe(560);
        expect(response.json).toMatchObject({
          errorMessage: BAD_BODY_SHAPE,
          errorData: { code: "BAD_REQUEST" },
        });
      }
    });

    it("an oversized body gets 413 with a message, declared or streamed", async () => {
      const big = JSON.stringify({
        path: "setup.status",
        args: {},
        padding: "x".repeat(10 * 1024),
      });
      const expected = {
        status: "error",
        errorMessage: "The request body is too large (limit 2 KB).",
        errorData: { code: "PAYLOAD_TOO_LARGE" },
        logLines: [],
      };
      const declared = await post(small, "/api/query", big);
      expect(declared.httpStatus).toBe(413);
      expect(declared.json).toEqual(expected);

      const encoded = new TextEncoder().encode(big);
      const streamed = await post(
        small,
        "/api/query",
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < encoded.length; i += 1024)
              controller.enqueue(encoded.slice(i, i + 1024));
            controller.close();
          },
        }),
        { duplex: "half" } as RequestInit,
      );
      expect(streamed.httpStatus).toBe(413);
      expect(streamed.json).toEqual(expected);

      const cookie = await post(
        small,
        "/api/auth/cookie",
        JSON.stringify({ token: "x".repeat(10 * 1024), refreshToken: "y" }),
      );
      expect(cookie.httpStatus).toBe(413);

      // A body within the limit still works on that server.
      const fine = await post(
        small,
        "/api/query",
        JSON.stringify({ path: "setup.status", args: {}, format: "json" }),
      );
      expect(fine.httpStatus).toBe(200);
    });

    // callFnRaw below: these send arguments of the wrong shape on purpose.
    it("wrong types in args get INVALID_ARGS naming each field", async () => {
      const user = await createTestUser(server);
      const wrongTypes = await callFnRaw(
        server,
        api.users.updateProfile,
        { firstName: 123, lastName: null },
        user.token,
      );
      expect(wrongTypes.httpStatus).toBe(560);
      expect(wrongTypes.body).toMatchObject({
        status: "error",
        errorData: {
          code: "INVALID_ARGS",
          issues: [
            { path: "firstName", message: expect.any(String) },
            { path: "lastName", message: expect.any(String) },
          ],
        },
      });
      for (const args of ["a string", [1, 2], 7]) {
        const result = await callFnRaw(server, api.users.updateProfile, args, user.token);
        expect(result.httpStatus).toBe(560);
        expect(result.body.errorData?.code).toBe("INVALID_ARGS");
      }
      const signIn = await callFnRaw(server, api.auth.signIn, {
        provider: "password",
        params: { email: 5, password: ["x"] },
      });
      expect(signIn.body.errorData?.code).toBe("INVALID_ARGS");
      const unknownProvider = await callFnRaw(server, api.auth.signIn, {
        provider: "magic-link",
        params: { email: user.email },
      });
      expect(unknownProvider.body.errorData?.code).toBe("INVALID_ARGS");
      const me = await callFn(server, api.users.getMe, {}, user.token);
      expect(me).toMatchObject({ firstName: "Test", lastName: "User" });
    });

    it("huge strings get a short INVALID_ARGS (not echoed back) and the server keeps serving", async () => {
      const user = await createTestUser(server);
      const huge = "A".repeat(100 * 1024);
      const profile = await callFnRaw(
        server,
        api.users.updateProfile,
        { firstName: huge, lastName: "Ok" },
        user.token,
      );
      expect(profile.httpStatus).toBe(560);
      expect(profile.body.errorData).toEqual({
        code: "INVALID_ARGS",
        issues: [{ path: "firstName", message: "First name must be at most 100 characters" }],
      });
      expect(JSON.stringify(profile.body).length).toBeLessThan(2000);

      const signIn = await callFnRaw(server, api.auth.signIn, {
        provider: "password",
        params: { email: user.email, password: huge },
      });
      expect(signIn.body.errorData?.code).toBe("INVALID_ARGS");
      expect(JSON.stringify(signIn.body).length).toBeLessThan(2000);

      const longPath = await post(
        server,
        "/api/query",
        JSON.stringify({ path: `users.${huge}`, args: {} }),
      );
      expect(longPath.httpStatus).toBe(560);
      expect(longPath.json).toMatchObject({ errorData: { code: "BAD_REQUEST" } });
      expect(longPath.text.length).toBeLessThan(2000);

      const me = await callFn(server, api.users.getMe, {}, user.token);
      expect(me).toMatchObject({ firstName: "Test", lastName: "User" });
    });

    it("deeply nested JSON and odd paths get a 560, never a 500", async () => {
      const depth = 50_000;
      const nested = `{"path":"users.updateProfile","args":{"firstName":${"[".repeat(depth)}${"]".repeat(depth)},"lastName":"x"}}`;
      const deep = await post(server, "/api/mutation", nested);
      expect(deep.httpStatus).toBe(560);
      expect(["BAD_REQUEST", "INVALID_ARGS"]).toContain(
        (deep.json as { errorData: { code: string } }).errorData.code,
      );
      for (const path of ["__proto__", "constructor", "toString", "../../etc/passwd", "users."]) {
        // Raw: paths no contract names, on purpose.
        const result = await server.call("query", path, {});
        expect(result.httpStatus, path).toBe(560);
        expect(result.body.errorData, path).toEqual({ code: "UNKNOWN_FUNCTION", path });
      }
    });
  });

  describe("control characters in string arguments", () => {
    /**
     * Every function of `api`, with the control characters put in each of its string
     * arguments in turn (arguments sampled from its args schema, ids of real rows where the
     * schema takes one, so a call gets as far as it can): INVALID_ARGS naming the argument,
     * never INTERNAL (PostgreSQL refuses NUL in text).
     */
    it("every function answers INVALID_ARGS naming the argument, never INTERNAL", async () => {
      const admin = await createTestUser(server, { role: "OrganizationAdmin", isSuperadmin: true });
      const folder = await callFn(server, api.folders.create, { name: "Contracts" }, admin.token);
      const document = await insertDocument(server, admin, { folderId: folder._id });
      const thread = await callFn(server, api.threads.create, {}, admin.token);
      const realIds: Record<string, unknown> = {
        folderId: folder._id,
        parentId: folder._id,
        documentId: document.id,
        documentIds: [document.id],
        threadId: thread._id,
      };

      const calls = everyContract().flatMap((contract) =>
        sampleArgs(contract.args).flatMap((sample) =>
          stringPaths(sample).flatMap((path) =>
            [...CONTROL_CHARACTERS, ...BROKEN_CHARACTERS]
              .filter(
                ([name]) =>
                  !(
                    LINE_CHARACTERS.has(name) &&
                    MULTI_LINE_ARGUMENTS.has(`${contract.path} ${path.join(".")}`)
                  ),
              )
              .map(([name, character]) => ({
                contract,
                args: withRealIds(sample, realIds),
                path,
                // A literal (signIn's provider) is refused as a wrong value, not as text.
                isText: String(valueAt(sample, path)).startsWith(SAMPLE_TEXT.slice(0, 6)),
                name,
                character,
              })),
          ),
        ),
      );
      // The functions left out take no string at all.
      const covered = new Set(calls.map((call) => call.contract.path));
      expect(
        everyContract()
          .map((contract) => contract.path)
          .filter((path) => !covered.has(path)),
      ).toEqual([
        "auth.signOut",
        "auth.signInOptions",
        "setup.status",
        "users.getMe",
        "folders.getAll",
        "folders.listFavorites",
        "documents.listTags",
        "shares.listShareableMembers",
        "threads.list",
        "models.list",
        "prompts.listPrompts",
        "prompts.listCategories",
        "prompts.listAdmin",
        "modules.getModulesWithCategories",
        "modules.listCategories",
        "modules.listOrganizationOptions",
        "modules.listAdmin",
        "organizations.getCurrent",
        "organizations.getUsage",
        "members.list",
        "invitations.list",
        "notifications.unreadCount",
        "notifications.markAllRead",
        "notifications.getPreferences",
        "support.listMine",
        "voice.getSettings",
        "workflows.list",
        "workflows.getPermissions",
        "workflows.setMembersCanCreate",
        "tables.list",
        "admin.users.listOrganizations",
        "admin.stats",
        "admin.dossier.listOrganizations",
        "admin.audit.listActions",
        "audit.listLooksAtMe",
        "signInPolicy.get",
        "twoFactor.status",
      ]);

      const wrong: string[] = [];
      await inBatches(calls, 8, async ({ contract, args, path, isText, name, character }) => {
        const original = String(valueAt(args, path));
        const spoiled = `${original.slice(0, 3)}${character}${original.slice(3)}`;
        const result: CallResult = await callFnRaw(
          server,
          contract,
          withValueAt(args, path, spoiled),
          admin.token,
        );
        const where = `${contract.path} ${path.join(".")} with ${name}`;
        const { errorData } = result.body;
        if (result.httpStatus !== 560 || errorData?.code !== "INVALID_ARGS") {
          wrong.push(`${where}: ${result.httpStatus} ${errorData?.code ?? result.body.status}`);
          return;
        }
        if (!isText) return;
        const message = BROKEN_CHARACTERS.some(([, broken]) => broken === character)
          ? BROKEN_CHARACTER_MESSAGE
          : CONTROL_CHARACTERS_MESSAGE;
        const issues = Array.isArray(errorData.issues) ? errorData.issues : [];
        if (!issues.some((issue) => isDeepStrictEqual(issue, { path: path.join("."), message }))) {
          wrong.push(`${where}: ${JSON.stringify(issues)}`);
        }
      });
      expect(wrong).toEqual([]);
      expect(calls.length).toBeGreaterThan(700);

      // Nothing was changed by any of them.
      expect(await callFn(server, api.users.getMe, {}, admin.token)).toMatchObject({
        firstName: "Test",
        lastName: "User",
      });
      expect(
        await callFn(server, api.documents.get, { documentId: document.id }, admin.token),
      ).toMatchObject({ name: expect.stringMatching(/^Document /) });
      expect(
        await callFn(server, api.threads.getThread, { threadId: thread._id }, admin.token),
      ).toMatchObject({ _id: thread._id });
      // Thousands of calls, one per contract, string argument and character: minutes on a loaded machine.
    }, 180_000);

    it("a NUL over the WebSocket is INVALID_ARGS too", async () => {
      const user = await createTestUser(server);
      const socket = await open();
      await socket.authenticate(user.token);
      expect(
        await subscribeFn(socket, "thread", api.threads.getThread, {
          threadId: "thread\u0000-0001",
        }),
      ).toMatchObject({
        type: "query_error",
        errorData: {
          code: "INVALID_ARGS",
          issues: [{ path: "threadId", message: CONTROL_CHARACTERS_MESSAGE }],
        },
      });
      expect(
        await socketCallFn(socket, api.folders.create, { name: "Con\u0000tracts" }),
      ).toMatchObject({
        status: "error",
        errorData: {
          code: "INVALID_ARGS",
          issues: [{ path: "name", message: CONTROL_CHARACTERS_MESSAGE }],
        },
      });
    });

    it("a chat message refuses control characters but keeps its tabs and line breaks", async () => {
      const user = await createTestUser(server);
      const send = (text: string) =>
        rawRequest(server, "/api/chat", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
          body: JSON.stringify({
            id: "chat-control-characters",
            messages: [{ id: "message-1", role: "user", parts: [{ type: "text", text }] }],
          }),
        });
      for (const character of ["\u0000", "\u001b", "\u007f", "\u0085"]) {
        const refused = await send(`Summarize${character} the contract`);
        expect(refused.httpStatus).toBe(400);
        expect(refused.json).toMatchObject({
          status: "error",
          errorMessage: CONTROL_CHARACTERS_MESSAGE,
          errorData: {
            code: "BAD_REQUEST",
            issues: [{ path: "messages.last.parts.0.text", message: CONTROL_CHARACTERS_MESSAGE }],
          },
        });
      }
      // Past validation: this server offers no model.
      const multiLine = await send("Summarize:\n\tthe contract\r\n\tthe annex");
      expect(multiLine.json).toMatchObject({ errorData: { code: "SERVICE_UNAVAILABLE" } });
    });

    it("text around the characters is still trimmed: a pasted tab or line break at an end is fine", async () => {
      const user = await createTestUser(server);
      const me = await callFn(
        server,
        api.users.updateProfile,
        { firstName: "\tAda\n", lastName: " Lovelace\r\n" },
        user.token,
      );
      expect(me).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    });
  });

  describe("the WebSocket", () => {
    it("answers non-JSON text with a BAD_REQUEST error and stays usable", async () => {
      const socket = await open();
      const error = socket.next((m) => m.type === "error");
      socket.send("this is not json {");
      expect(await error).toEqual({
        type: "error",
        errorMessage: "Malformed message: not valid JSON.",
        errorData: { code: "BAD_REQUEST" },
      });
      const pong = socket.next((m) => m.type === "pong");
      socket.send({ type: "ping" });
      expect(await pong).toEqual({ type: "pong" });
    });

    it("answers valid JSON of the wrong shape with an error, then works normally", async () => {
      const user = await createTestUser(server);
      const socket = await open();
      for (const message of [
        { type: "subscribe" },
        { type: "launch-missiles" },
        [1, 2, 3],
        42,
        null,
        { type: "authenticate", token: 123 },
        { type: "subscribe", id: "x", path: "users.getMe", args: [] },
        { type: "mutation", requestId: "", path: "users.updateProfile", args: {} },
      ]) {
        const error = socket.next((m) => m.type === "error");
        socket.send(JSON.stringify(message));
        expect(await error, JSON.stringify(message)).toMatchObject({
          type: "error",
          errorMessage: expect.stringMatching(/^Malformed message: /),
          errorData: { code: "BAD_REQUEST" },
        });
      }
      expect((await socket.authenticate(user.token)).type).toBe("authenticated");
      expect(await subscribeFn(socket, "me", api.users.getMe, {})).toMatchObject({
        type: "query_result",
        value: { _id: user.userId },
      });
    });

    it("answers a binary frame with an error", async () => {
      const socket = await open();
      const error = socket.next((m) => m.type === "error");
      socket.raw.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true });
      expect(await error).toEqual({
        type: "error",
        errorMessage: "Binary messages are not supported.",
        errorData: { code: "BAD_REQUEST" },
      });
      const pong = socket.next((m) => m.type === "pong");
      socket.send({ type: "ping" });
      expect(await pong).toEqual({ type: "pong" });
    });

    it("closes a socket that sends a message over 1 MB with 1009; other sockets carry on", async () => {
      const user = await createTestUser(server);
      const bystander = await open();
      await bystander.authenticate(user.token);
      await subscribeFn(bystander, "me", api.users.getMe, {});
      const offender = await open();
      const closed = closeCodeOf(offender);
      offender.send(JSON.stringify({ type: "authenticate", token: "x".repeat(1_100_000) }));
      expect(await closed).toBe(1009);

      const pong = bystander.next((m) => m.type === "pong");
      bystander.send({ type: "ping" });
      expect(await pong).toEqual({ type: "pong" });
      const pushed = bystander.nextResult("me");
      await callFn(
        server,
        api.users.updateProfile,
        { firstName: "Still", lastName: "Here" },
        user.token,
      );
      expect(await pushed).toMatchObject({ value: { firstName: "Still" } });
    });

    it("refuses an upgrade from another site's origin with 403", async () => {
      await expect(open({ Origin: "https://evil.example" })).rejects.toThrow(
        "upgrade refused: 403",
      );
      await expect(open({ Origin: "null" })).rejects.toThrow("upgrade refused: 403");
      // The app's own origin (the host it was reached by) is fine.
      const own = await open({ Origin: server.url });
      const pong = own.next((m) => m.type === "pong");
      own.send({ type: "ping" });
      expect(await pong).toEqual({ type: "pong" });
    });

    it("closes a socket after more than 50 malformed messages with 4008", async () => {
      const bystander = await open();
      const noisy = await open();
      const closed = closeCodeOf(noisy);
      for (let i = 0; i < 60; i++) noisy.send(`garbage ${i}`);
      expect(await closed).toBe(4008);
      const errors = noisy.messages.filter((m) => m.type === "error");
      expect(errors.length).toBeGreaterThanOrEqual(50);
      expect(errors.length).toBeLessThan(60);

      const pong = bystander.next((m) => m.type === "pong");
      bystander.send({ type: "ping" });
      expect(await pong).toEqual({ type: "pong" });
    });
  });
});
