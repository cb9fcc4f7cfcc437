import { AppError } from "../../shared/errors.ts";
import type { Identity, Services } from "../api/context.ts";
import type { ChatRequest } from "./chat-request.ts";
import { HTTP_STATUS_KEY } from "./chat-http.ts";
import { noModelError, requestedModel } from "./choose-chat-model.ts";
import { prepareTurn } from "./prepare-turn.ts";
import type { ActiveStreams } from "./stream/active-streams.ts";
import { runTurn } from "./stream/run-turn.ts";

export type ChatCaller = Identity & { organizationId: string };

/**
 * POST /api/chat after its checks. The turn's reads decide everything that
 * can refuse it (JSON error responses: not found, busy, bad model…); from
 * then on the model is called and the stream answered at once, while the
 * turn's writes commit. The answer is saved only once they have; should they
 * fail, the stream ends with an error and nothing of the turn remains.
 */
export function startChat(options: {
  services: Services;
  streams: ActiveStreams;
  caller: ChatCaller;
  request: ChatRequest;
}): Promise<Response> {
  const { services, streams, caller, request } = options;
  if (streams.closing) {
    throw new AppError(
      "INTERNAL",
      "The server is restarting. Send your message again in a moment.",
      {
        [HTTP_STATUS_KEY]: 503,
      },
    );
  }
  if (services.models.list().length === 0) throw noModelError();
  if (request.modelId) requestedModel(services.models, request.modelId);

  return new Promise<Response>((resolve, reject) => {
    let commit: (saved: boolean) => void = () => undefined;
    const committed = new Promise<boolean>((settle) => {
      commit = settle;
    });
    let started = false;
    prepareTurn({
      db: services.database.db,
      caller,
      request,
      models: services.models,
      isStreaming: (threadId) => streams.get(threadId) !== undefined,
      onReady: (turn) =>
        new Promise<void>((modelCalled) => {
          const stream = streams.add({
            streamId: turn.streamId,
            threadId: turn.thread.id,
            userId: caller.userId,
            organizationId: caller.organizationId,
          });
          const options = { services, streams, caller, prepared: turn, stream, committed };
          runTurn({ ...options, onModelCall: modelCalled })
            .catch((error: unknown) => {
              // A bug, not a model failure (those end inside the stream): never leave it hanging.
              services.log.error({ err: error, threadId: turn.thread.id }, "chat turn crashed");
              stream.end();
            })
            .finally(modelCalled);
          started = true;
          resolve(stream.response());
        }),
    }).then(
      () => commit(true),
      (error: unknown) => {
        commit(false);
        if (!started) reject(error);
        else
          services.log.error(
            { err: error, threadId: request.threadId },
            "saving a chat turn failed",
          );
      },
    );
  });
}
