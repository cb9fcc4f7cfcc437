import { type QueryClient, type QueryKey, queryOptions } from "@tanstack/react-query";
import type { ArgsOf, ResultOf } from "#shared/api/define.ts";
import { functionKey, parseResult, type QueryContract, wireArgs } from "./function-key.ts";
import { getLiveRuntime, LIVE_META_KEY } from "./live-runtime.ts";

/**
 * Live queries through TanStack Query (docs/decisions/010). The key is
 * `functionKey(contract, args)`; the query function asks the sync client once
 * (the live value when subscribed, the socket, or HTTP); while an enabled
 * observer watches the key, the live-query bridge keeps a server subscription
 * writing every change into the cache. Features wrap this in one options
 * factory per query (`features/<area>/api/`), which the route loader and the
 * component both use:
 *
 *   loader: ({ context }) => context.queryClient.ensureQueryData(meOptions())
 *   const { data } = useSuspenseQuery(meOptions());
 */
export function liveQueryOptions<C extends QueryContract>(
  contract: C,
  args: ArgsOf<C>,
  options: LiveQueryOptions = {},
) {
  const { staleTime, preferSocket = false } = options;
  return queryOptions({
    queryKey: functionKey(contract, args),
    queryFn: ({ client, queryKey }) => runLiveQuery(client, contract, args, queryKey, preferSocket),
    staleTime,
    meta: { [LIVE_META_KEY]: contract },
  });
}

export interface LiveQueryOptions {
  staleTime?: number;
  /**
   * Ask over the socket even while it is still connecting (SyncClient.query):
   * for a query that may answer with an error in normal use (a stale link).
   */
  preferSocket?: boolean;
}

async function runLiveQuery<C extends QueryContract>(
  client: QueryClient,
  contract: C,
  args: ArgsOf<C>,
  queryKey: QueryKey,
  preferSocket: boolean,
): Promise<ResultOf<C>> {
  const { sync, store } = getLiveRuntime(client);
  const since = store.versionOf(queryKey);
  const answer = await sync.query(contract.path, wireArgs(args), { preferSocket });
  const value = parseResult(contract, answer);
  // A push that arrived while this ran is newer than this answer: the store keeps it.
  return store.received(queryKey, value, since);
}
