import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import type { ArgsOf, FunctionContract, ResultOf } from "#shared/api/define.ts";
import { AppError } from "#shared/errors.ts";

/**
 * The Query cache key of a backend query: `["fn", path, args]`. Route loaders
 * and components build it from the same contract and args, so they share one
 * cache entry, and the live-query bridge reads path and args back from it.
 * Every key of a function call is made here; a key is never written by hand.
 */
export type QueryContract = FunctionContract<"query">;

const FUNCTION_KEY_ROOT = "fn";

/**
 * `functionKey(contract, args)`: one call's key. Without args, the prefix of
 * every call of `contract`; without anything, the prefix of every function
 * key (for matching, invalidating and mutation keys).
 */
export function functionKey(): readonly [typeof FUNCTION_KEY_ROOT];
export function functionKey<C extends FunctionContract>(
  contract: C,
): readonly [typeof FUNCTION_KEY_ROOT, string];
export function functionKey<C extends FunctionContract>(
  contract: C,
  args: ArgsOf<C>,
): readonly [typeof FUNCTION_KEY_ROOT, string, ArgsOf<C>];
export function functionKey(contract?: FunctionContract, ...args: unknown[]): QueryKey {
  return contract ? [FUNCTION_KEY_ROOT, contract.path, ...args] : [FUNCTION_KEY_ROOT];
}

const argsSchema = z.record(z.string(), z.unknown());

/** Function args go on the wire as a JSON object. */
export function wireArgs(args: unknown): Record<string, unknown> {
  const parsed = argsSchema.safeParse(args);
  if (!parsed.success) throw new AppError("INVALID_ARGS", "Function arguments must be an object.");
  return parsed.data;
}

/** The args inside a `functionKey`, or null for any other key (or a skipped query). */
export function readFunctionArgs(key: QueryKey): Record<string, unknown> | null {
  if (key[0] !== FUNCTION_KEY_ROOT) return null;
  const parsed = argsSchema.safeParse(key[2]);
  return parsed.success ? parsed.data : null;
}

/** True for a query contract (the live-query bridge finds it in the query's meta). */
export function isQueryContract(value: unknown): value is QueryContract {
  if (!value || typeof value !== "object") return false;
  return (
    "kind" in value &&
    value.kind === "query" &&
    "path" in value &&
    typeof value.path === "string" &&
    "returns" in value &&
    value.returns instanceof z.ZodType
  );
}

/** Checks a server value against the contract's result schema (the schema's output is the type). */
export function parseResult<C extends FunctionContract>(contract: C, value: unknown): ResultOf<C> {
  const parsed = z.safeParse<C["returns"]>(contract.returns, value);
  if (parsed.success) return parsed.data;
  console.warn(`${contract.path} returned data in an unexpected shape`, parsed.error);
  throw new AppError("INTERNAL", "The server sent data this page cannot read. Please reload.");
}
