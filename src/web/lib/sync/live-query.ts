import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  skipToken,
  useQuery,
  useSuspenseQuery,
} from "@tanstack/react-query";
import type { ArgsOf, ResultOf } from "#shared/api/define.ts";
import { functionKey, parseResult, type QueryContract, wireArgs } from "./function-key.ts";
import { getLiveRuntime, LIVE_META_KEY } from "./live-runtime.ts";

/**
 * Live queries through TanStack Query. The key is `["fn", path, args]`; the
 * query function asks the sync client once (the live value when subscribed,
 * the socket, or HTTP); while a component watches the key, the live-query
 * bridge keeps a server subscription writing every change into the cache.
 *
 *   loader: ({ context }) => context.queryClient.ensureQueryData(liveQueryOptions(api.users.getMe, {}))
 *   const { data } = useLiveSuspenseQuery(api.users.getMe, {});
 */
export function liveQueryOptions<C extends QueryContract>(
  contract: C,
  args: ArgsOf<C>,
  options: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey: functionKey(contract, args),
    queryFn: ({ client, queryKey }) => runLiveQuery(client, contract, args, queryKey),
    staleTime: options.staleTime,
    meta: { [LIVE_META_KEY]: contract },
  });
}

/** A live query; pass "skip" to wait (e.g. until an id is known). */
export function useLiveQuery<C extends QueryContract>(contract: C, args: ArgsOf<C> | "skip") {
  return useQuery({
    queryKey: ["fn", contract.path, args] as const,
    queryFn:
      args === "skip"
        ? skipToken
        : ({ client, queryKey }) => runLiveQuery(client, contract, args, queryKey),
    meta: { [LIVE_META_KEY]: contract },
  });
}

/** A live query for Suspense (data is always defined); pairs with a loader's ensureQueryData. */
export function useLiveSuspenseQuery<C extends QueryContract>(contract: C, args: ArgsOf<C>) {
  return useSuspenseQuery(liveQueryOptions(contract, args));
}

async function runLiveQuery<C extends QueryContract>(
  client: QueryClient,
  contract: C,
  args: ArgsOf<C>,
  queryKey: QueryKey,
): Promise<ResultOf<C>> {
  const { sync, store } = getLiveRuntime(client);
  const since = store.versionOf(queryKey);
  const value = parseResult(contract, await sync.query(contract.path, wireArgs(args)));
  // A push that arrived while this ran is newer than this answer: the store keeps it.
  return store.received(queryKey, value, since);
}
