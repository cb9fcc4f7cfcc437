import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { SPEECH_SPEED_MESSAGE, TRANSCRIPTION_TEMPERATURE_MESSAGE } from "#shared/schemas/voice.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  rawRequest,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

/**
 * The pocket associate on PGlite and PostgreSQL: settings validated with
 * SPEC 5's limits; POST /api/voice/transcribe and /api/voice/speech through
 * the AI SDK's OpenAI provider against a loopback server speaking OpenAI's
 * audio API (so the real provider code runs), with limits refused clearly.
 */

interface AudioCall {
  path: string;
  fields: Record<string, string>;
  fileBytes?: number;
  fileType?: string;
}

/** A loopback server answering /v1/audio/transcriptions and /v1/audio/speech like OpenAI. */
async function startFakeAudioApi(): Promise<{
  url: string;
  calls: AudioCall[];
  close(): Promise<void>;
}> {
  const calls: AudioCall[] = [];
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.url === "/v1/audio/transcriptions") {
        const form = await new Response(body, {
          headers: { "content-type": req.headers["content-type"] ?? "" },
        }).formData();
        const fields: Record<string, string> = {};
        let file: File | undefined;
        for (const [key, value] of form) {
          if (typeof value === "string") fields[key] = value;
          else file = value;
        }
        calls.push({ path: "transcriptions", fields, fileBytes: file?.size, fileType: file?.type });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            text: " Draft a reply to the landlord. ",
            language: "english",
            duration: 2.5,
          }),
        );
        return;
      }
      if (req.url === "/v1/audio/speech") {
        const json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
        calls.push({
          path: "speech",
          fields: Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)])),
        });
        res.writeHead(200, { "content-type": "audio/mpeg" });
        res.end(Buffer.from(`[${String(json.input)}]`, "utf8"));
        return;
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Bytes that start like a WebM recording (what browsers record). */
const webm = (size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return bytes;
};

function transcribe(
  server: TestServer,
  user: TestUser | null,
  audio: Uint8Array<ArrayBuffer> | null,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  if (audio) form.append("audio", new Blob([audio], { type: "audio/webm" }), "recording.webm");
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return rawRequest(server, "/api/voice/transcribe", {
    method: "POST",
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    body: form,
  });
}

function speak(server: TestServer, user: TestUser, body: unknown) {
  return rawRequest(server, "/api/voice/speech", {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe.each(DB_KINDS)("pocket associate (%s)", (kind) => {
  let server: TestServer;
  let audioApi: Awaited<ReturnType<typeof startFakeAudioApi>>;

  beforeAll(async () => {
    audioApi = await startFakeAudioApi();
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      SPEECH_PROVIDER_URL: audioApi.url,
      TRANSCRIPTION_MODEL: "whisper-test",
      SPEECH_MODEL: "tts-test",
    });
  });
  afterAll(async () => {
    await server?.close();
    await audioApi?.close();
  });

  it("keeps settings within SPEC's limits and refuses the rest, changing nothing", async () => {
    const user = await createTestUser(server);
    expect(await callFn(server, api.voice.getSettings, {}, user.token)).toEqual({
      settings: { voice: "alloy", speed: 1, format: "mp3", language: "auto", temperature: 0 },
      available: true,
    });
    const saved = await callFn(
      server,
      api.voice.updateSettings,
      { voice: "nova", speed: 0.25, format: "pcm", language: "FR", temperature: 1 },
      user.token,
    );
    expect(saved.settings).toEqual({
      voice: "nova",
      speed: 0.25,
      format: "pcm",
      language: "fr",
      temperature: 1,
    });
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ speed: 5 }, "speed", SPEECH_SPEED_MESSAGE],
      [{ speed: 0.2 }, "speed", SPEECH_SPEED_MESSAGE],
      [{ temperature: 1.5 }, "temperature", TRANSCRIPTION_TEMPERATURE_MESSAGE],
      [{ format: "ogg" }, "format", "Audio format must be mp3, opus, aac, flac, wav or pcm"],
      [{ voice: "robot" }, "voice", "Choose one of the voices"],
      [
        { language: "english" },
        "language",
        "Language must be auto or a two-letter ISO 639-1 code such as en",
      ],
    ];
    for (const [args, path, message] of refusals) {
      const result = await server.call("mutation", "voice.updateSettings", args, user.token);
      expect(result.body, JSON.stringify(args)).toMatchObject({
        status: "error",
        errorData: { code: "INVALID_ARGS", issues: [{ path, message }] },
      });
    }
    expect((await callFn(server, api.voice.getSettings, {}, user.token)).settings).toEqual(
      saved.settings,
    );
  });

  it("transcribes a recording with the member's language and temperature", async () => {
    const user = await createTestUser(server);
    await callFn(
      server,
      api.voice.updateSettings,
      { language: "de", temperature: 0.4 },
      user.token,
    );
    const before = audioApi.calls.length;
    const answer = await transcribe(server, user, webm(4096), { durationSeconds: "3" });
    expect(answer.httpStatus).toBe(200);
    expect(answer.json).toEqual({
      text: "Draft a reply to the landlord.",
      language: "en",
      durationSeconds: 2.5,
    });
    const call = audioApi.calls.slice(before).find((c) => c.path === "transcriptions");
    expect(call).toMatchObject({
      fields: { model: "whisper-test", language: "de", temperature: "0.4" },
      fileBytes: 4096,
      fileType: "audio/webm",
    });
  });

  it("refuses recordings that are too large, too long, not audio or missing", async () => {
    const user = await createTestUser(server);
    const before = audioApi.calls.length;
    const cases: Array<[Promise<Awaited<ReturnType<typeof transcribe>>>, number, string]> = [
      [transcribe(server, user, webm(25 * 1024 * 1024 + 1)), 413, "PAYLOAD_TOO_LARGE"],
      [transcribe(server, user, webm(), { durationSeconds: "601" }), 413, "PAYLOAD_TOO_LARGE"],
      [
        transcribe(server, user, new TextEncoder().encode("just some text, not audio at all")),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
      [transcribe(server, user, null), 400, "INVALID_ARGS"],
      [transcribe(server, null, webm()), 401, "UNAUTHENTICATED"],
    ];
    for (const [request, status, code] of cases) {
      const answer = await request;
      expect(answer.httpStatus, answer.text).toBe(status);
      expect(answer.json).toMatchObject({ status: "error", errorData: { code } });
    }
    const tooLarge = await transcribe(server, user, webm(25 * 1024 * 1024 + 1));
    expect(tooLarge.json).toMatchObject({
      errorMessage: "The recording is too large (limit 25 MB).",
    });
    const notAudio = await rawRequest(server, "/api/voice/transcribe", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ audio: "..." }),
    });
    expect(notAudio.httpStatus).toBe(415);
    // None of them reached the provider.
    expect(audioApi.calls.length).toBe(before);
  });

  it("streams speech piece by piece with the member's voice, speed and format", async () => {
    const user = await createTestUser(server);
    await callFn(server, api.voice.updateSettings, { voice: "onyx", speed: 1.5 }, user.token);
    const sentences = Array.from(
      { length: 40 },
      (_, i) => `This is sentence ${i + 1} of a long answer.`,
    );
    const text = sentences.join(" ");
    const before = audioApi.calls.length;
    const answer = await speak(server, user, { text });
    expect(answer.httpStatus).toBe(200);
    expect(answer.headers.get("content-type")).toBe("audio/mpeg");
    const calls = audioApi.calls.slice(before);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls[0]!.fields).toMatchObject({
      model: "tts-test",
      voice: "onyx",
      speed: "1.5",
      response_format: "mp3",
    });
    expect(calls[0]!.fields.input!.length).toBeLessThanOrEqual(240);
    // The pieces arrive in order and together are the whole text.
    expect(answer.text).toBe(calls.map((c) => `[${c.fields.input}]`).join(""));
    expect(calls.map((c) => c.fields.input).join(" ")).toBe(text);

    // "Hear a sample" with settings not saved yet.
    const sample = await speak(server, user, { text: "Hello.", voice: "coral", format: "wav" });
    expect(sample.httpStatus).toBe(200);
    expect(sample.headers.get("content-type")).toBe("audio/wav");
    expect(audioApi.calls.at(-1)?.fields).toMatchObject({ voice: "coral", response_format: "wav" });
  });

  it("refuses text that is too long or empty and settings out of range", async () => {
    const user = await createTestUser(server);
    const before = audioApi.calls.length;
    const cases: Array<[unknown, number, string, string?]> = [
      [
        { text: "a".repeat(10_001) },
        400,
        "INVALID_ARGS",
        "Text to read aloud must be at most 10000 characters",
      ],
      [{ text: "   " }, 400, "INVALID_ARGS", "Enter some text to read aloud"],
      [{ text: "Hi", speed: 5 }, 400, "INVALID_ARGS", SPEECH_SPEED_MESSAGE],
      [{ text: "Hi", format: "ogg" }, 400, "INVALID_ARGS"],
    ];
    for (const [body, status, code, message] of cases) {
      const answer = await speak(server, user, body);
      expect(answer.httpStatus).toBe(status);
      expect(answer.json).toMatchObject({ status: "error", errorData: { code } });
      if (message) expect(answer.json).toMatchObject({ errorMessage: message });
    }
    expect(audioApi.calls.length).toBe(before);
  });
});

describe("pocket associate without a speech provider", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { RUN_WORKER: "false" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("says voice is unavailable and the routes answer 503", async () => {
    const user = await createTestUser(server);
    expect((await callFn(server, api.voice.getSettings, {}, user.token)).available).toBe(false);
    const answer = await speak(server, user, { text: "Hello." });
    expect(answer.httpStatus).toBe(503);
    expect(answer.json).toMatchObject({
      errorData: { code: "SERVICE_UNAVAILABLE" },
      errorMessage: expect.stringContaining("SPEECH_PROVIDER_URL"),
    });
    expect((await transcribe(server, user, webm())).httpStatus).toBe(503);
    expectError(
      await callFnError(server, api.voice.updateSettings, { speed: 9 }, user.token),
      "INVALID_ARGS",
    );
  });
});
