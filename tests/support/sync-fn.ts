import type { ArgsOf, FunctionContract, ResultOf } from "#shared/api/define.ts";
import type { ServerMessage } from "#shared/sync-protocol.ts";
import { checkResult, resultOf } from "./call-fn.ts";
import type { TestSocket } from "./sync-socket.ts";

/**
 * Functions over the /api/sync WebSocket through their contracts, like `callFn` over HTTP:
 * the path comes from the contract and the arguments are typed by it.
 */

export type ResultMessage = Extract<ServerMessage, { type: "result" }>;

/** Arguments of a contract as the socket sends them (an object). */
type SocketArgs<C extends FunctionContract> = ArgsOf<C> & Record<string, unknown>;

/** Subscribe to a query; its first result or error message (TestSocket.subscribe). */
export function subscribeFn<C extends FunctionContract<"query">>(
  socket: TestSocket,
  id: string,
  contract: C,
  args: SocketArgs<C>,
): Promise<ServerMessage> {
  return socket.subscribe(id, contract.path, args);
}

/** Call a mutation or action; its `result` message, success or error (TestSocket.call). */
export function socketCallFn<C extends FunctionContract<"mutation" | "action">>(
  socket: TestSocket,
  contract: C,
  args: SocketArgs<C>,
): Promise<ResultMessage> {
  return socket.call(contract.kind, contract.path, args);
}

/**
 * The value of a query result or of a successful call result, parsed with `contract`'s
 * `returns` schema; throws on any other message.
 */
export function messageValue<C extends FunctionContract>(
  contract: C,
  message: ServerMessage,
): ResultOf<C> {
  if (message.type === "query_result") return resultOf(contract, message.value);
  if (message.type === "result" && message.status === "success") {
    return resultOf(contract, message.value);
  }
  throw new Error(`expected a value of ${contract.path}, got ${JSON.stringify(message)}`);
}

/**
 * The next pushed value of subscription `id` (a query of `contract`) that satisfies `accept`.
 * A value outside the contract is taken too, and fails here with what is wrong with it.
 */
export async function nextValue<C extends FunctionContract<"query">>(
  socket: TestSocket,
  id: string,
  contract: C,
  accept: (value: ResultOf<C>) => boolean,
  timeoutMs?: number,
): Promise<ResultOf<C>> {
  const message = await socket.next((m) => {
    if (m.type !== "query_result" || m.id !== id) return false;
    const checked = checkResult(contract, m.value);
    return "problem" in checked || accept(checked.value);
  }, timeoutMs);
  return messageValue(contract, message);
}
