import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#shared/errors.ts";
import { MAX_AUDIO_BYTES, speechRequestSchema } from "#shared/schemas/voice.ts";
import type { Services } from "../api/context.ts";
import { requireCaller } from "../auth/request-caller.ts";
import { answerErrors, errorResponse } from "../http/error-response.ts";
import { readJson } from "../http/read-json.ts";
import type { AppEnv } from "../http/request-info.ts";
import { speakText } from "./speak-text.ts";
import { tooLarge, transcribeAudio } from "./transcribe-audio.ts";

/** Room for the multipart envelope around the largest recording. */
const FORM_OVERHEAD = 64 * 1024;

/**
 * /api/voice: POST /transcribe (multipart `audio`, at most 25 MB) answers
 * `{text, language, durationSeconds}`; POST /speech (`{text, voice?, speed?,
 * format?}`) streams audio back. Both need a signed-in caller (bearer token,
 * or the access cookie from this app's own pages) and a speech provider.
 */
export function voiceRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { log } = services;
  app.onError(answerErrors(log));

  app.post(
    "/transcribe",
    bodyLimit({
      maxSize: MAX_AUDIO_BYTES + FORM_OVERHEAD,
      onError: () => errorResponse(tooLarge(), log),
    }),
    async (c) => {
      const caller = await requireCaller(services, c, { sameOrigin: true });
      const result = await transcribeAudio({
        services,
        identity: caller.identity,
        request: c.req.raw,
      });
      c.header("Cache-Control", "no-store");
      return c.json(result);
    },
  );

  app.post("/speech", async (c) => {
    const caller = await requireCaller(services, c, { sameOrigin: true });
    const parsed = speechRequestSchema.safeParse(
      await readJson(c, { requireJsonType: 'Send the text as JSON: {"text": "..."}.' }),
    );
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      }));
      throw new AppError("INVALID_ARGS", issues.map((i) => i.message).join("; "), { issues });
    }
    return speakText({
      services,
      identity: caller.identity,
      body: parsed.data,
      signal: c.req.raw.signal,
    });
  });

  return app;
}
