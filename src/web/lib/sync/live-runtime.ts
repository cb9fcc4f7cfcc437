import type { Query, QueryClient } from "@tanstack/react-query";
import { AppError } from "#shared/errors.ts";
import { isQueryContract, parseResult, readFunctionArgs } from "./function-key.ts";
import { LiveStore } from "./live-store.ts";
import type { SyncClient } from "./sync-client.ts";

/**
 * Bridges the Query cache and the sync client. While any enabled observer
 * watches a function key, that key has a live server subscription whose
 * pushes are written into the cache (through the LiveStore, which keeps
 * optimistic layers on top); a little after the last observer leaves, the
 * subscription ends. Loader-prefetched data and components share the entry.
 */
export interface LiveRuntime {
  sync: SyncClient;
  store: LiveStore;
  dispose: () => void;
}

/** Where the live query options keep their contract in the query's meta. */
export const LIVE_META_KEY = "liveQuery";
export const LIVE_QUERY_LINGER_MS = 2000;

const runtimes = new WeakMap<QueryClient, LiveRuntime>();

export function getLiveRuntime(client: QueryClient): LiveRuntime {
  const runtime = runtimes.get(client);
  if (!runtime) throw new Error("This QueryClient was not made by createQueryClient(sync)");
  return runtime;
}

export function installLiveQueries(
  client: QueryClient,
  sync: SyncClient,
  lingerMs = LIVE_QUERY_LINGER_MS,
): LiveRuntime {
  const store = new LiveStore(client);
  const live = new Map<string, { stop: () => void; timer: ReturnType<typeof setTimeout> | null }>();

  const start = (query: Query) => {
    const contract = query.meta?.[LIVE_META_KEY];
    const args = readFunctionArgs(query.queryKey);
    if (!isQueryContract(contract) || !args) return;
    const onValue = (value: unknown) => {
      try {
        store.receive(query.queryKey, parseResult(contract, value));
      } catch (error) {
        setQueryError(
          query,
          error instanceof AppError ? error : new AppError("INTERNAL", String(error)),
        );
      }
    };
    const stop = sync.subscribe(contract.path, args, onValue, (error) =>
      setQueryError(query, error),
    );
    live.set(query.queryHash, { stop, timer: null });
  };

  const end = (hash: string) => {
    const entry = live.get(hash);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    live.delete(hash);
    entry.stop();
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (event.type === "removed") {
      end(query.queryHash);
      store.forget(query.queryKey);
      return;
    }
    if (!event.type.startsWith("observer") || event.type === "observerResultsUpdated") return;
    const entry = live.get(query.queryHash);
    if (query.isActive()) {
      if (!entry) start(query);
      else if (entry.timer) {
        clearTimeout(entry.timer);
        entry.timer = null;
      }
    } else if (entry && !entry.timer) {
      entry.timer = setTimeout(() => end(query.queryHash), lingerMs);
    }
  });

  const runtime: LiveRuntime = {
    sync,
    store,
    dispose: () => {
      unsubscribe();
      for (const hash of [...live.keys()]) end(hash);
      runtimes.delete(client);
    },
  };
  runtimes.set(client, runtime);
  return runtime;
}

/** A subscription error shows as the query's error (its last data stays). */
function setQueryError(query: Query, error: Error): void {
  query.setState({
    status: "error",
    error,
    errorUpdateCount: query.state.errorUpdateCount + 1,
    errorUpdatedAt: Date.now(),
    fetchFailureReason: error,
  });
}
