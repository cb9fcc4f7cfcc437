import type { z } from "zod";
import type { FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";

/**
 * Arguments for every function, derived from its zod args schema, for tests that send each
 * function the same kind of bad input (tests/integration/bad-input.test.ts). A new contract in
 * `api` is covered without a line here; a schema this cannot sample fails the test by name.
 */

/** Every contract of `api`, addressed by its path; namespaces may nest (`api.admin.users.list`). */
export function everyContract(): FunctionContract[] {
  return contractsIn(api);
}

function contractsIn(tree: object): FunctionContract[] {
  return Object.values(tree).flatMap((value) =>
    value && typeof value === "object" && "kind" in value && "path" in value
      ? [value as FunctionContract]
      : contractsIn(value as object),
  );
}

/** The text put in a string argument: a valid id, name and title alike (letters, digits, -). */
export const SAMPLE_TEXT = "sample-text-0123456789";
const SAMPLE_EMAIL = "sample@example.test";

/**
 * Valid arguments of `schema`, every optional field filled: one per option of each union
 * (signIn with a password, signIn with a refresh token).
 */
export function sampleArgs(schema: z.core.$ZodType): unknown[] {
  const typed = schema as z.core.$ZodTypes;
  const def = typed._zod.def;
  switch (def.type) {
    case "object": {
      const fields = Object.entries(def.shape).map(([key, field]) => ({
        key,
        options: sampleArgs(field),
      }));
      const first = Object.fromEntries(fields.map(({ key, options }) => [key, options[0]]));
      const others = fields.flatMap(({ key, options }) =>
        options.slice(1).map((option) => ({ ...first, [key]: option })),
      );
      return [first, ...others];
    }
    case "string":
      return [sampleString({ ...typed._zod.bag, ...def })];
    case "number":
      return [Math.max(1, Number(typed._zod.bag.minimum ?? 1))];
    case "boolean":
      return [true];
    case "null":
      return [null];
    case "literal":
      return [...def.values];
    case "enum":
      return Object.values(def.entries).slice(0, 1);
    case "array":
      return [sampleArgs(def.element).slice(0, 1)];
    case "union":
      return def.options.flatMap((option) => sampleArgs(option));
    case "record": {
      // One entry: the key's sample and the value's first sample (modules.run's inputs).
      const key = String(sampleArgs(def.keyType)[0]);
      return sampleArgs(def.valueType)
        .slice(0, 1)
        .map((value) => ({ [key]: value }));
    }
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "catch":
      // The value itself rather than null or absent, so every string is there to be spoiled.
      return sampleArgs(def.innerType);
    case "pipe":
      // A format checked after a transform (trim, then email) samples as that format.
      return sampleArgs(def.out._zod.def.type === "transform" ? def.in : def.out);
    default:
      throw new Error(`no sample for a ${def.type} schema: give this contract sample arguments`);
  }
}

/** A string within the limits and format found in a string schema's def and bag. */
function sampleString(bag: Record<string, unknown>): string {
  if (bag.format === "email") return SAMPLE_EMAIL;
  const text = SAMPLE_TEXT.padEnd(typeof bag.minimum === "number" ? bag.minimum : 0, "x");
  return typeof bag.maximum === "number" ? text.slice(0, bag.maximum) : text;
}

/** Where `value` holds a string: a list of keys and indexes for `withValueAt`. */
export function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  }
  return [];
}

export function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      typeof current === "object" && current !== null
        ? (current as Record<string | number, unknown>)[key]
        : undefined,
    value,
  );
}

/** A deep copy of `value` with `replacement` at `path`. */
export function withValueAt(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      index === key ? withValueAt(item, rest, replacement) : item,
    );
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, item]) => [
        k,
        k === key ? withValueAt(item, rest, replacement) : item,
      ]),
    );
  }
  return value;
}
