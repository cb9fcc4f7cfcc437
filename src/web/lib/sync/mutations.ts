import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ArgsOf, FunctionContract, ResultOf } from "#shared/api/define.ts";
import { functionKey, parseResult, wireArgs } from "./function-key.ts";
import { getLiveRuntime } from "./live-runtime.ts";
import type { OptimisticStore } from "./live-store.ts";

export type { OptimisticStore } from "./live-store.ts";

/**
 * Mutations and actions as TanStack mutations. A mutation may carry an
 * optimistic update: it is applied as a layer over the server's values at
 * once, kept on top of every push while the mutation runs, and dropped when
 * it ends: on success the server's values already include the change (the
 * server sends a mutation's result after the pushes it caused), on failure
 * dropping it is the rollback, and the error goes to the toast handler.
 */
type ErrorHandler = (message: string) => void;

let handleError: ErrorHandler = (message) => console.warn(`A change was not saved: ${message}`);

/** Where failed mutations are reported; the app wires it to its toasts. */
export function setMutationErrorHandler(handler: ErrorHandler): void {
  handleError = handler;
}

export interface LiveMutationOptions<C extends FunctionContract<"mutation">> {
  optimisticUpdate?: (store: OptimisticStore, args: ArgsOf<C>) => void;
  /** Report a failure to the error handler (a toast). Default true. */
  showErrorToast?: boolean;
}

export function useLiveMutation<C extends FunctionContract<"mutation">>(
  contract: C,
  options: LiveMutationOptions<C> = {},
) {
  const client = useQueryClient();
  const { optimisticUpdate, showErrorToast = true } = options;
  return useMutation<ResultOf<C>, Error, ArgsOf<C>, { layer: number | null }>({
    mutationKey: functionKey(contract),
    mutationFn: (args) => runWrite(client, contract, args),
    onMutate: (args) => {
      if (!optimisticUpdate) return { layer: null };
      const { store } = getLiveRuntime(client);
      return { layer: store.addLayer((view) => optimisticUpdate(view, args)) };
    },
    onSettled: (_data, error, _args, context) => {
      if (context?.layer) getLiveRuntime(client).store.removeLayer(context.layer);
      if (error && showErrorToast) handleError(error.message);
    },
  });
}

/** An action (no optimism); failures go to the caller, or to the toast with showErrorToast. */
export function useAction<C extends FunctionContract<"action">>(
  contract: C,
  options: { showErrorToast?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation<ResultOf<C>, Error, ArgsOf<C>>({
    mutationKey: functionKey(contract),
    mutationFn: (args) => runWrite(client, contract, args),
    onError: (error) => {
      if (options.showErrorToast) handleError(error.message);
    },
  });
}

async function runWrite<C extends FunctionContract<"mutation" | "action">>(
  client: QueryClient,
  contract: C,
  args: ArgsOf<C>,
): Promise<ResultOf<C>> {
  const { sync } = getLiveRuntime(client);
  const { value, transport } = await sync.request(contract.kind, contract.path, wireArgs(args));
  // Over HTTP no pushes came first: re-read what is on screen before the layer goes.
  if (transport === "http") await client.invalidateQueries({ queryKey: functionKey() });
  return parseResult(contract, value);
}
