import type { z } from "zod";

/**
 * A function contract: the path, kind, argument schema and result schema of one
 * backend function. Contracts live in src/shared so that the server implements
 * them and the web calls them with the same types; the result schema also strips
 * any field the server did not mean to send.
 */
export type FunctionKind = "query" | "mutation" | "action";

/** Who may call a function before its handler runs. */
export type FunctionAccess = "public" | "user" | "superadmin";

export interface FunctionContract<
  K extends FunctionKind = FunctionKind,
  A extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly kind: K;
  readonly path: string;
  readonly args: A;
  readonly returns: R;
  readonly access: FunctionAccess;
}

export type ArgsOf<F extends FunctionContract> = z.input<F["args"]>;
export type ParsedArgsOf<F extends FunctionContract> = z.output<F["args"]>;
export type ResultOf<F extends FunctionContract> = z.output<F["returns"]>;

interface ContractOptions<A extends z.ZodType, R extends z.ZodType> {
  args: A;
  returns: R;
  access?: FunctionAccess;
}

function define<K extends FunctionKind>(kind: K) {
  return <A extends z.ZodType, R extends z.ZodType>(
    path: string,
    options: ContractOptions<A, R>,
  ): FunctionContract<K, A, R> => ({
    kind,
    path,
    args: options.args,
    returns: options.returns,
    access: options.access ?? "user",
  });
}

export const queryContract = define("query");
export const mutationContract = define("mutation");
export const actionContract = define("action");
