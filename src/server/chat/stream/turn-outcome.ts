import type { FinishReason, LanguageModelUsage } from "ai";
import { FINISH_REASONS } from "#shared/schemas/chat.ts";
import type { ActiveStream } from "./active-stream.ts";
import type { FinalState } from "./assistant-writer.ts";

const SHUTDOWN_MESSAGE =
  "This answer was interrupted because the server restarted. Regenerate to try again.";
const TIMEOUT_MESSAGE = "The model stopped responding. Try again.";
const NOT_SAVED_MESSAGE =
  "Your message could not be saved, so the answer was stopped. Send it again.";

/** What the model's stream told about how it ended. */
export interface Outcome {
  finishReason: FinishReason | null;
  errorText: string | null;
  /** The SDK ended the stream with an abort (a stop, a shutdown or a timeout). */
  aborted: boolean;
  usage: LanguageModelUsage | null;
}

export const newOutcome = (): Outcome => ({
  finishReason: null,
  errorText: null,
  aborted: false,
  usage: null,
});

/** How an answer ends: a stop is 'stopped'; a failure or an abort nobody asked for is 'error'. */
export function finalStatus(
  stream: ActiveStream,
  outcome: Outcome,
): Pick<FinalState, "status" | "finishReason" | "error"> {
  if (stream.abortReason === "stopped")
    return { status: "stopped", finishReason: null, error: null };
  if (stream.abortReason === "refused") {
    return { status: "error", finishReason: "error", error: stream.refusal ?? NOT_SAVED_MESSAGE };
  }
  if (stream.abortReason === "shutdown") {
    return { status: "error", finishReason: "error", error: SHUTDOWN_MESSAGE };
  }
  if (outcome.errorText)
    return { status: "error", finishReason: "error", error: outcome.errorText };
  if (outcome.aborted) return { status: "error", finishReason: "error", error: TIMEOUT_MESSAGE };
  return {
    status: "complete",
    finishReason: storedFinishReason(outcome.finishReason),
    error: null,
  };
}

/** The SDK's finish reason in SPEC's list (section 4): 'other' and 'interrupted' are 'unknown'. */
function storedFinishReason(reason: FinishReason | null): string {
  if (!reason) return "stop";
  return (FINISH_REASONS as readonly string[]).includes(reason) ? reason : "unknown";
}

export function usageRecord(
  usage: LanguageModelUsage | null,
): Record<string, number | null> | null {
  if (!usage) return null;
  return {
    inputTokens: usage.inputTokens ?? null,
    outputTokens: usage.outputTokens ?? null,
    totalTokens: usage.totalTokens ?? null,
    reasoningTokens: usage.outputTokenDetails?.reasoningTokens ?? null,
  };
}
