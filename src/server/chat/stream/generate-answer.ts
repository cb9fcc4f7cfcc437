import {
  isStepCount,
  type LanguageModel,
  streamText,
  toUIMessageStream,
  type UIMessageChunk,
  wrapLanguageModel,
} from "ai";
import { providerErrorMessage } from "../../models/provider-error.ts";
import { toModelMessages } from "../load-history.ts";
import { systemPrompt } from "../system-prompt.ts";
import { chatTools } from "../tools/chat-tools.ts";
import { Citations } from "../tools/citations.ts";
import type { TurnOptions } from "./turn-options.ts";
import type { Outcome } from "./turn-outcome.ts";

const MAX_STEPS = 6;
const OPENING_CHUNKS = new Set(["start-step", "text-start", "reasoning-start"]);

/**
 * Call the model with the stored history, the dossier tools and the
 * instructions, and pass its UI message chunks on (a tool result's new
 * citations follow it as source parts). How it ended goes into `outcome`.
 */
export async function generateAnswer(
  options: TurnOptions,
  emit: (chunk: UIMessageChunk) => void,
  outcome: Outcome,
): Promise<void> {
  const { services, caller, prepared, stream } = options;
  const { model } = prepared;
  const log = services.log.child({ threadId: prepared.thread.id });
  const citations = new Citations();
  const tools = chatTools({
    db: services.database.db,
    userId: caller.userId,
    organizationId: caller.organizationId,
    threadId: prepared.thread.id,
    citations,
    log,
    embedding: services.models.embedding,
  });
  const history = await toModelMessages(prepared.history, tools);

  options.timeline?.mark("streamText");
  const gate = options.modelGate;
  const result = streamText({
    model: gate
      ? gated(
          model.model,
          gate,
          () => options.onModelCall?.(),
          () => options.timeline?.mark("gated"),
        )
      : model.model,
    instructions: systemPrompt({
      appName: services.config.appName,
      now: new Date(),
      attached: prepared.attached,
    }),
    messages: history,
    tools,
    // Sequential tool calls keep citation numbers in the order their sources are sent.
    toolCallConcurrency: 1,
    stopWhen: isStepCount(MAX_STEPS),
    abortSignal: stream.abortController.signal,
    timeout: { chunkMs: 120_000, toolMs: 60_000 },
    maxRetries: 2,
    // Gated, the request leaves when the gate opens (gated() says so then).
    onLanguageModelCallStart: gate ? undefined : () => options.onModelCall?.(),
    // Errors reach the client as error parts; log them here instead of the console.
    onError: ({ error }) => {
      // Aborted on purpose (a stop, a shutdown, a guessed turn the read refused): not a model error.
      if (stream.abortController.signal.aborted) return;
      log.warn({ modelId: model.info.id, reason: providerErrorMessage(error) }, "model error");
    },
  });

  const chunks = toUIMessageStream({
    stream: result.stream,
    tools,
    sendStart: false,
    sendFinish: true,
    sendReasoning: true,
    onError: providerErrorMessage,
    // Tool errors are ours and already safe to show (tool-context.ts).
    redactToolErrors: false,
  });
  let first = true;
  for await (const chunk of chunks) {
    if (chunk.type === "finish") {
      outcome.finishReason = chunk.finishReason ?? null;
      continue; // sent last, after the final metadata
    }
    if (chunk.type === "abort") {
      outcome.aborted = true;
      continue;
    }
    if (chunk.type === "error") outcome.errorText = chunk.errorText;
    emit(chunk);
    // The first real output (not the step's and parts' openings, which come with the response headers).
    if (first && !OPENING_CHUNKS.has(chunk.type)) {
      first = false;
      options.onModelOutput?.();
    }
    if (chunk.type === "tool-output-available") {
      for (const source of citations.takeNewSourceChunks()) emit(source);
    }
  }
  if (!outcome.aborted && !outcome.errorText) {
    try {
      outcome.usage = await result.usage;
    } catch {
      outcome.usage = null;
    }
  }
}

/**
 * The model, its requests held until `gate` settles (a turn started from a guess, decision 032
 * sixth round): true lets them go exactly as they would have, false fails them before anything
 * leaves for the provider (the turn was cancelled unseen).
 */
function gated(
  model: LanguageModel,
  gate: Promise<boolean>,
  onCall: () => void,
  onWait: () => void,
): LanguageModel {
  if (typeof model === "string") return model;
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v4",
      wrapStream: async ({ doStream }) => {
        onWait();
        if (!(await gate)) throw new Error("The turn was started from a guess the read refused.");
        onCall();
        return doStream();
      },
    },
  });
}
