import type { UIMessageChunk } from "ai";
import {
  GENERIC_MODEL_ERROR,
  isProviderError,
  providerErrorMessage,
} from "../../models/provider-error.ts";
import { generateThreadTitle } from "../../threads/titles.ts";
import { AssistantWriter, type FinalState, finalParts } from "./assistant-writer.ts";
import { generateAnswer } from "./generate-answer.ts";
import { MessageAccumulator } from "./message-accumulator.ts";
import { streamSaverOf } from "./stream-saver.ts";
import type { TurnOptions } from "./turn-options.ts";
import { finalStatus, newOutcome, usageRecord } from "./turn-outcome.ts";

/**
 * One answer, in the background: stream it to whoever listens (through the
 * ActiveStream's buffer), save it as it goes (once its turn is committed)
 * and at the end, then clear the thread's stream and, after a first
 * exchange, title it. It never throws: every failure ends as an error part
 * and a message with status 'error'.
 */
export async function runTurn(options: TurnOptions): Promise<void> {
  const { services, prepared, stream } = options;
  options.timeline?.mark("runTurn");
  const { model } = prepared;
  const db = services.database.db;
  const log = services.log.child({
    threadId: prepared.thread.id,
    messageId: prepared.assistantMessageId,
  });
  // The model is already answering while the turn commits; a refused turn is dropped unsaved.
  const committed = options.committed.then((ok) => {
    if (!ok) stream.abort("refused");
    return ok;
  });
  const writer = new AssistantWriter({
    db,
    saver: streamSaverOf(services),
    messageId: prepared.assistantMessageId,
    ready: committed,
  });
  const accumulator = new MessageAccumulator((message) => writer.update(message));
  const outcome = newOutcome();
  const emit = (chunk: UIMessageChunk) => {
    stream.push(chunk);
    accumulator.push(chunk);
  };

  emit({
    type: "start",
    messageId: prepared.assistantMessageId,
    messageMetadata: { createdAt: Date.now(), status: "streaming", modelId: model.info.id },
  });
  try {
    await generateAnswer(options, emit, outcome);
  } catch (error) {
    options.onModelOutput?.();
    outcome.errorText = isProviderError(error) ? providerErrorMessage(error) : GENERIC_MODEL_ERROR;
    if (!isProviderError(error)) log.error({ err: error }, "chat generation failed");
    emit({ type: "error", errorText: outcome.errorText });
  }

  // The answer's rows must exist before its end is told and saved (a refused turn ends here).
  const saved = await committed;
  const final = finalStatus(stream, outcome);
  if (final.error && final.error !== outcome.errorText) {
    emit({ type: "error", errorText: final.error });
  }
  emit({
    type: "message-metadata",
    messageMetadata: {
      status: final.status,
      modelId: model.info.id,
      finishReason: final.finishReason,
      error: final.error,
    },
  });
  emit(
    final.status === "stopped"
      ? { type: "abort", reason: "stopped" }
      : {
          type: "finish",
          finishReason: final.status === "error" ? "error" : (outcome.finishReason ?? "stop"),
        },
  );
  const message = await accumulator.finish();
  if (!saved) {
    stream.end();
    return;
  }
  try {
    const parts = (message?.parts ?? []) as FinalState["parts"];
    await writer.finish(
      { ...final, parts, usage: usageRecord(outcome.usage) },
      { id: prepared.thread.id, streamId: stream.streamId },
    );
    if (final.status === "complete") options.onSaved?.(finalParts(parts, final.status));
  } catch (error) {
    log.error({ err: error }, "saving the final answer failed");
  }
  stream.end();

  if (prepared.shouldGenerateTitle && final.status === "complete") {
    const answerText = (message?.parts ?? [])
      .flatMap((p) => (p.type === "text" ? [p.text] : []))
      .join("\n");
    options.streams.track(
      generateThreadTitle({
        services,
        model,
        threadId: prepared.thread.id,
        userText: prepared.userText,
        answerText,
      }).catch((error: unknown) => log.warn({ err: error }, "saving the generated title failed")),
    );
  }
}
