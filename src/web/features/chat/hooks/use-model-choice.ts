import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import * as modelsApi from "#shared/api/models.ts";
import * as threadsApi from "#shared/api/threads.ts";
import type { Thread } from "#shared/schemas/chat.ts";
import { modelListOptions } from "../../../lib/shared-queries.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { threadArgs } from "../api/thread-queries.ts";

/**
 * Which model answers: the one picked here, else the thread's (when still
 * offered), else the user's remembered choice or the organization's default.
 * Picking one remembers it for the user (models.choose) and for the thread.
 */
export function useModelChoice(thread: Thread | undefined, initialModelId?: string | null) {
  const models = useQuery(modelListOptions());
  // A library prompt's model starts a new chat without becoming the user's usual choice.
  const [picked, setPicked] = useState<string | null>(initialModelId ?? null);
  useEffect(() => {
    if (initialModelId) setPicked((current) => current ?? initialModelId);
  }, [initialModelId]);

  const choose = useLiveMutation(modelsApi.choose, {
    optimisticUpdate: (store, args) => {
      const current = store.getQuery(modelsApi.list, {});
      if (current) {
        store.setQuery(
          modelsApi.list,
          {},
          {
            ...current,
            userModelId: args.modelId,
            defaultModelId: args.modelId,
          },
        );
      }
    },
  });
  const setThreadModel = useLiveMutation(threadsApi.setModel, {
    optimisticUpdate: (store, args) => {
      const current = store.getQuery(threadsApi.getThread, threadArgs(args.threadId));
      if (current) {
        store.setQuery(threadsApi.getThread, threadArgs(args.threadId), {
          ...current,
          modelId: args.modelId,
        });
      }
    },
  });

  const offered = models.data?.models ?? [];
  const isOffered = (id: string | null | undefined): id is string =>
    !!id && offered.some((model) => model.id === id);
  const modelId =
    [picked, thread?.modelId, models.data?.defaultModelId, offered[0]?.id].find(isOffered) ?? null;

  const pick = (id: string) => {
    setPicked(id);
    if (id !== models.data?.userModelId) choose.mutate({ modelId: id });
    if (thread && thread.modelId !== id)
      setThreadModel.mutate({ threadId: thread._id, modelId: id });
  };

  return {
    models: offered,
    modelId,
    pick,
    isLoading: models.isPending,
    error: models.error,
    noModels: models.isSuccess && offered.length === 0,
  };
}
