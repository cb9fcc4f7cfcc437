import type { FunctionContract, ParsedArgsOf, ResultOf } from "#shared/api/define.ts";
import type { FunctionCtx } from "./context.ts";

/**
 * A server function: a contract from src/shared/api plus its handler. Handlers
 * stay thin: validate (done here from the contract), authorize, call, return.
 */
export interface ServerFunction<C extends FunctionContract = FunctionContract> {
  readonly contract: C;
  /**
   * Live-query scope: "organization" (default) re-runs on changes to the
   * tables it reads within the caller's organization; "global" on any change
   * to those tables (superadmin views, public queries).
   */
  readonly liveScope: "organization" | "global";
  /**
   * A mutation runs in one transaction unless it opens its own with
   * ctx.transaction: for writes that must stay when it fails (counting a
   * wrong password), which a rollback would undo.
   */
  readonly ownTransaction: boolean;
  // Method syntax on purpose: lets a specific function sit in the registry's list.
  handler(ctx: FunctionCtx, args: ParsedArgsOf<C>): Promise<ResultOf<C>>;
}

export function implement<C extends FunctionContract>(
  contract: C,
  handler: (ctx: FunctionCtx, args: ParsedArgsOf<C>) => Promise<ResultOf<C>>,
  options: { liveScope?: "organization" | "global"; ownTransaction?: boolean } = {},
): ServerFunction<C> {
  return {
    contract,
    handler,
    liveScope: options.liveScope ?? "organization",
    ownTransaction: options.ownTransaction ?? false,
  };
}

export class Registry {
  readonly #functions = new Map<string, ServerFunction>();

  constructor(functions: ServerFunction[]) {
    for (const fn of functions) {
      if (this.#functions.has(fn.contract.path)) {
        throw new Error(`Function ${fn.contract.path} is registered twice`);
      }
      this.#functions.set(fn.contract.path, fn);
    }
  }

  get(path: string): ServerFunction | undefined {
    return this.#functions.get(path);
  }
}
