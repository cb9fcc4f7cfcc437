import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";
import { z } from "zod";
import type { ArgsOf, FunctionContract, FunctionKind, ResultOf } from "#shared/api/define.ts";
import { type ErrorCode, type ErrorData, errorDataSchema } from "#shared/errors.ts";

/**
 * Backend functions called through their contracts (`callFn(server, api.folders.create, args)`),
 * so that renaming or reshaping a contract breaks the build of the tests, not a test at run time.
 * The kind and path come from the contract, the arguments are typed by it, and the result is
 * parsed with its `returns` schema.
 */

/** A function call's answer as it came over the wire: HTTP status and JSON body. */
export interface CallResult {
  httpStatus: number;
  body: {
    status: "success" | "error";
    value?: unknown;
    errorMessage?: string;
    errorData?: { code: string; [key: string]: unknown };
    logLines: string[];
  };
}

/** Anything that posts a function call, by kind and path (a TestServer, or `callerAt(url)`). */
export interface FunctionCaller {
  call(kind: FunctionKind, path: string, args: unknown, token?: string): Promise<CallResult>;
}

// Loose: every field the server sent stays, so assertions on the whole body still see them all.
const bodySchema = z.looseObject({
  status: z.enum(["success", "error"]),
  value: z.unknown().optional(),
  errorMessage: z.string().optional(),
  errorData: z.looseObject({ code: z.string() }).optional(),
  logLines: z.array(z.string()),
});

/**
 * Calls over HTTP to the server at `url`: POST /api/{kind} with `{path, args, format: "json"}`,
 * with `headers` besides (an Authorization header there replaces the token's).
 */
export function callerAt(url: string, headers: Record<string, string> = {}): FunctionCaller {
  return {
    async call(kind, path, args, token) {
      const response = await fetch(`${url}/api/${kind}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: JSON.stringify({ path, args, format: "json" }),
      });
      const text = await response.text();
      const body = bodySchema.safeParse(parseJson(text));
      if (!body.success) {
        throw new Error(`${path}: not a function answer (HTTP ${response.status}): ${text}`);
      }
      return { httpStatus: response.status, body: body.data };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What an error answer said: `errorMessage` as `message`, `errorData` as `data`. */
export interface FnError {
  httpStatus: number;
  code: ErrorCode;
  message: string;
  data: ErrorData;
}

/** Thrown by `callFn` when the server answers an error; carries the whole answer. */
export class CallFnError extends Error {
  readonly httpStatus: number;
  readonly code: ErrorCode;
  readonly errorMessage: string;
  readonly errorData: ErrorData;

  constructor(path: string, error: FnError) {
    super(`${path} failed (HTTP ${error.httpStatus}, ${error.code}): ${error.message}`);
    this.name = "CallFnError";
    this.httpStatus = error.httpStatus;
    this.code = error.code;
    this.errorMessage = error.message;
    this.errorData = error.data;
  }
}

/**
 * Calls `contract` and returns its result, parsed with the contract's `returns` schema. Throws a
 * `CallFnError` on an error answer, and an Error when the value does not match the contract
 * exactly (a field it does not name included).
 */
export async function callFn<C extends FunctionContract>(
  server: FunctionCaller,
  contract: C,
  args: ArgsOf<C>,
  token?: string,
): Promise<ResultOf<C>> {
  const result = await server.call(contract.kind, contract.path, args, token);
  if (result.body.status === "error") throw new CallFnError(contract.path, errorOf(result));
  return resultOf(contract, result.body.value);
}

/** Calls `contract` expecting an error answer, and returns it; fails the test if the call succeeded. */
export async function callFnError<C extends FunctionContract>(
  server: FunctionCaller,
  contract: C,
  args: ArgsOf<C>,
  token?: string,
): Promise<FnError> {
  const result = await server.call(contract.kind, contract.path, args, token);
  if (result.body.status === "success") {
    expect.fail(`${contract.path} succeeded, expected an error: ${JSON.stringify(result.body)}`);
  }
  return errorOf(result);
}

/** Calls `contract` and returns the answer as it came over the wire, for tests of that format. */
export function callFnResult<C extends FunctionContract>(
  server: FunctionCaller,
  contract: C,
  args: ArgsOf<C>,
  token?: string,
): Promise<CallResult> {
  return server.call(contract.kind, contract.path, args, token);
}

/**
 * Calls `contract` with arguments of any shape, for tests that send wrong ones on purpose;
 * the answer as it came over the wire.
 */
export function callFnRaw(
  server: FunctionCaller,
  contract: FunctionContract,
  args: unknown,
  token?: string,
): Promise<CallResult> {
  return server.call(contract.kind, contract.path, args, token);
}

/** The error of an error answer, its `errorData` checked against the shared error codes. */
export function errorOf(result: CallResult): FnError {
  const { body } = result;
  if (body.status !== "error") {
    throw new Error(`expected an error answer, got ${result.httpStatus} ${JSON.stringify(body)}`);
  }
  const data = errorDataSchema.safeParse(body.errorData);
  if (body.errorMessage === undefined || !data.success) {
    throw new Error(`not an error answer of the API: ${JSON.stringify(body)}`);
  }
  return {
    httpStatus: result.httpStatus,
    code: data.data.code,
    message: body.errorMessage,
    data: data.data,
  };
}

/**
 * A value parsed with `contract`'s `returns` schema. The schema must give it back unchanged:
 * a field it would strip fails here instead of vanishing from what the test sees.
 */
export function resultOf<C extends FunctionContract>(contract: C, value: unknown): ResultOf<C> {
  const checked = checkResult(contract, value);
  if ("problem" in checked) throw new Error(checked.problem);
  return checked.value;
}

/** `resultOf` without throwing: the parsed value, or what is wrong with it. */
export function checkResult<C extends FunctionContract>(
  contract: C,
  value: unknown,
): { value: ResultOf<C> } | { problem: string } {
  const parsed = z.safeParse<C["returns"]>(contract.returns, value);
  if (!parsed.success) {
    return { problem: `${contract.path} returned a value outside its contract: ${parsed.error}` };
  }
  if (!isDeepStrictEqual(parsed.data, value)) {
    return {
      problem: `${contract.path} returned more than its contract names: ${JSON.stringify(value)}`,
    };
  }
  return { value: parsed.data };
}

/** Asserts a 560 error with this code, and this message when given (exact, or a pattern). */
export function expectError(error: FnError, code: ErrorCode, message?: string | RegExp): void {
  expect(error.httpStatus, JSON.stringify(error)).toBe(560);
  expect(error.code, JSON.stringify(error)).toBe(code);
  if (typeof message === "string") expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}
