import { AppError, isAppError } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { withPreparedStatements } from "../db/database.ts";
import type { ChatRequest } from "./chat-request.ts";
import type { ChatTimeline } from "./chat-timeline.ts";
import { firstOutputsOf } from "./first-outputs.ts";
import { type PreparedTurn, prepareTurn, type StartedTurn } from "./prepare-turn.ts";
import { ActiveStream } from "./stream/active-stream.ts";
import type { ActiveStreams } from "./stream/active-streams.ts";
import { runTurn } from "./stream/run-turn.ts";
import { turnPredictionsOf } from "./turn-predictions.ts";

type Part = { type: string } & Record<string, unknown>;

/**
 * POST /api/chat once its token and body are checked. The turn's one read
 * (the session, the thread) decides everything that can refuse it as a JSON
 * error (signed out, not found, busy, bad model…); then the model is called,
 * the stream answered as its request leaves, and the turn's writes commit
 * while the model starts answering (prepareTurn). The answer is saved only
 * once they have; should they be refused (the thread changed meanwhile) or
 * fail, the stream ends with the reason and nothing of the turn remains.
 */
export function startChat(options: {
  services: Services;
  streams: ActiveStreams;
  /** The request's access token, checked but for its session: prepareTurn reads that. */
  claims: Pick<AccessClaims, "userId" | "sessionId">;
  request: ChatRequest;
  /** Where the request's time goes (bench/chat-latency.ts --timeline); usually absent. */
  timeline?: ChatTimeline;
}): Promise<Response> {
  const { services, streams, claims, request, timeline } = options;
  if (streams.closing) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "The server is restarting. Send your message again in a moment.",
    );
  }

  // Counted until its first output is out (or it ends without one): other turns' writes wait.
  const outputs = firstOutputsOf(services);
  const awaited = outputs.begin();
  const predictions = turnPredictionsOf(services);
  // A thread's guess is used once, by the turn that comes next on this instance.
  const predicted = predictions.take(claims.sessionId, claims.userId, request.threadId);
  if (predicted) predictions.stats.predicted++;

  return new Promise<Response>((resolve, reject) => {
    /** The turn's commit and stream, once it is the turn (a plain start, or a guess confirmed). */
    let commit: (saved: boolean) => void = () => undefined;
    let stream: ActiveStream | undefined;
    /** The answer's parts once saved complete, for the thread's next guess. */
    let savedParts: Part[] | undefined;
    let written: PreparedTurn | undefined;
    const rememberIfDone = () => {
      if (written && savedParts) {
        predictions.rememberAnswered({ ...written, parts: savedParts });
      }
    };

    const start = (turn: PreparedTurn, speculative: boolean): StartedTurn => {
      const { caller } = turn;
      timeline?.mark("ready");
      let settle: (saved: boolean) => void = () => undefined;
      const committed = new Promise<boolean>((resolveCommitted) => {
        settle = resolveCommitted;
      });
      const init = {
        streamId: turn.streamId,
        threadId: turn.thread.id,
        userId: caller.userId,
        organizationId: caller.organizationId,
      };
      // A speculative answer is nobody's until confirmed: not registered (no resume, no relay
      // to other instances), no response.
      const started = speculative ? new ActiveStream(init) : streams.add(init);
      if (!speculative) {
        stream = started;
        commit = settle;
      }
      let released = !speculative;
      let wanted = false;
      // The response goes out once the model request has left, so its headers do not delay it.
      let responded = false;
      const respond = () => {
        wanted = true;
        if (responded || !released) return;
        responded = true;
        timeline?.mark("respond");
        resolve(started.response());
      };
      // A guess's model request waits for the read's verdict: nothing leaves before it.
      let openGate: (open: boolean) => void = () => undefined;
      const modelGate = speculative
        ? new Promise<boolean>((resolveGate) => {
            openGate = resolveGate;
          })
        : undefined;
      let firstOutput: () => void = () => undefined;
      const output = new Promise<void>((resolveOutput) => {
        firstOutput = resolveOutput;
      });
      // The writes start once the first output is on the wire: queued behind its socket
      // write (setImmediate runs after it), not ahead of it (PGlite's work is synchronous).
      const outputOrEnd = () => {
        if (started === stream) awaited.done();
        timeline?.mark("firstOutput");
        respond();
        setImmediate(firstOutput);
      };
      runTurn({
        ...{
          services,
          streams,
          caller,
          prepared: turn,
          stream: started,
          committed,
          timeline,
          modelGate,
        },
        onModelCall: () => {
          timeline?.mark("modelCall");
          setImmediate(respond);
        },
        onModelOutput: outputOrEnd,
        onSaved: (parts) => {
          if (started !== stream) return;
          savedParts = parts;
          rememberIfDone();
        },
      })
        .catch((error: unknown) => {
          // A bug, not a model failure (those end inside the stream): never leave it hanging.
          services.log.error({ err: error, threadId: turn.thread.id }, "chat turn crashed");
          started.end();
        })
        .finally(outputOrEnd);
      return {
        firstOutput: output,
        confirm: () => {
          streams.adopt(started);
          predictions.stats.confirmed++;
          timeline?.mark("confirmed");
          stream = started;
          commit = settle;
          released = true;
          if (wanted) respond();
          openGate(true);
        },
        cancel: () => {
          predictions.stats.missed++;
          predictions.forget(turn.thread.id);
          settle(false);
          started.abort("refused");
          openGate(false);
        },
      };
    };

    // The turn's statements (its read, its writes, the answer's saves) run as named prepared
    // statements on PGlite: parsed and planned once, one crossing into WebAssembly each.
    withPreparedStatements(() =>
      prepareTurn({
        db: services.database.db,
        claims,
        request,
        models: services.models,
        isStreaming: (threadId) => streams.get(threadId) !== undefined,
        predicted,
        holdWrites: () => awaited.othersOut(outputs.holdMs),
        onRead: (read) => {
          timeline?.mark("read");
          predictions.rememberRead(claims.sessionId, read.caller, read.state);
        },
        onReady: start,
      }),
    ).then(
      (turn) => {
        awaited.done();
        timeline?.mark("written");
        commit(true);
        written = turn;
        rememberIfDone();
      },
      (error: unknown) => {
        awaited.done();
        if (!stream) {
          commit(false);
          reject(error);
          return;
        }
        // Refused at write time (the thread changed since it was read): say why in the stream.
        if (isAppError(error)) stream.refusal = error.message;
        else
          services.log.error(
            { err: error, threadId: request.threadId },
            "saving a chat turn failed",
          );
        commit(false);
      },
    );
  });
}
