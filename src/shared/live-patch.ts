/**
 * A live query's new value described against the value a client already has (decision 035):
 * the server sends it instead of the whole value when it is smaller (a renamed document in a
 * page of 200 is a few dozen bytes instead of the page). Values are JSON values; `diffValues`
 * reads them with JSON's rules (a key whose value is undefined is absent, `toJSON` is called,
 * a number that is not finite is null), so `applyPatch(parse(a), patch)` equals `parse(b)`
 * where `parse` is a JSON round trip.
 *
 * The patch of a value:
 * - `{ $: value }`: the value itself (replaced whole).
 * - `{ o: { key: patch, … }, d?: [key, …] }`: an object; keys in `o` are changed or added
 *   (by their own patch), keys in `d` are removed, every other key is kept.
 * - `{ a: [item, …] }`: an array, item by item: a number `i` keeps the old item at `i`;
 *   `[i, n]` keeps the `n` old items from `i`; `{ $: value }` is a new item; `{ i, p }` is the
 *   old item at `i` changed by the patch `p`. Items that are objects with a string `_id`
 *   (unique on both sides) are matched by id, so a row that moves or a row added at the top
 *   does not change every row after it; other items are matched by position.
 * Unchanged parts of the old value are shared by the new one, never copied.
 */

export type LivePatch =
  | { $: unknown }
  | { o: Record<string, LivePatch>; d?: string[] }
  | { a: PatchItem[] };

export type PatchItem = number | [number, number] | { $: unknown } | { i: number; p: LivePatch };

/** A value as JSON sees it (toJSON called, non-finite numbers null); undefined when absent. */
function jsonOf(value: unknown): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? value : null;
    case "string":
    case "boolean":
      return value;
    case "object": {
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      return typeof toJSON === "function" ? jsonOf(toJSON.call(value)) : value;
    }
    default:
      // undefined, functions and symbols are not JSON (absent in an object, null in an array).
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `target[key] = value` as JSON.parse does it: an own property, even for the key "__proto__",
 * which a plain assignment would take as the object's prototype (a value's keys may be anybody's
 * text: a tag, a column's name).
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else target[key] = value;
}

/** In an array JSON writes an absent value as null. */
const arrayItem = (value: unknown) => {
  const json = jsonOf(value);
  return json === undefined ? null : json;
};

/** Equal as JSON: the same text once stringified, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  return diff(jsonOf(a), jsonOf(b)) === null;
}

/**
 * The patch that turns `before` into `after` (both JSON values), or null when they are equal
 * as JSON. `before` is the value the client has: what the server last sent it.
 */
export function diffValues(before: unknown, after: unknown): LivePatch | null {
  return diff(jsonOf(before), jsonOf(after));
}

/**
 * One walk over both values (already read as JSON at this level): null when they are equal,
 * else their patch. Each part is compared once; a changed part's patch is built on the way.
 */
function diff(a: unknown, b: unknown): LivePatch | null {
  if (a === b) return null;
  if (typeof a === "object" && typeof b === "object" && a !== null && b !== null) {
    const arrays = Array.isArray(a);
    if (arrays === Array.isArray(b)) {
      return arrays
        ? diffArrays(a as unknown[], b as unknown[])
        : diffObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    }
  }
  return { $: b === undefined ? null : b };
}

function diffObjects(a: Record<string, unknown>, b: Record<string, unknown>): LivePatch | null {
  let changed: Record<string, LivePatch> | undefined;
  let deleted: string[] | undefined;
  /** Keys of `b` that `a` has too: when that is all of `a`'s, no key of `a` is missing in `b`. */
  let shared = 0;
  for (const key of Object.keys(b)) {
    const bRaw = b[key];
    const inA = Object.hasOwn(a, key);
    if (inA) {
      shared++;
      // Most keys of a row hold the same primitive (or the same object) on both sides.
      if (a[key] === bRaw) continue;
    }
    const bv = jsonOf(bRaw);
    const av = inA ? jsonOf(a[key]) : undefined;
    if (bv === undefined) {
      // Absent in `b` as JSON sees it: removed when `a` has it.
      if (av !== undefined) {
        deleted ??= [];
        deleted.push(key);
      }
      continue;
    }
    const patch = av === undefined ? { $: bv } : diff(av, bv);
    if (patch === null) continue;
    changed ??= {};
    setOwn(changed, key, patch);
  }
  const aKeys = Object.keys(a);
  if (shared < aKeys.length) {
    for (const key of aKeys) {
      if (Object.hasOwn(b, key) || jsonOf(a[key]) === undefined) continue;
      deleted ??= [];
      deleted.push(key);
    }
  }
  if (deleted) return { o: changed ?? {}, d: deleted };
  return changed ? { o: changed } : null;
}

/** Each item's `_id` when every item of the array is an object with a distinct string `_id`. */
function idsOf(items: unknown[]): Map<string, number> | null {
  const ids = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item = jsonOf(items[i]);
    const id = isObject(item) ? item._id : undefined;
    if (typeof id !== "string" || ids.has(id)) return null;
    ids.set(id, i);
  }
  return ids;
}

function diffArrays(a: unknown[], b: unknown[]): LivePatch | null {
  const oldIds = a.length > 0 && b.length > 0 ? idsOf(a) : null;
  const byId = oldIds && idsOf(b) ? oldIds : null;
  const items: PatchItem[] = [];
  /** Every item so far is the old one at its own place. */
  let same = a.length === b.length;
  /** The run of kept old items being built: [from, count]. */
  let run: [number, number] | null = null;
  const endRun = () => {
    if (run) items.push(run[1] === 1 ? run[0] : run);
    run = null;
  };
  for (let j = 0; j < b.length; j++) {
    const next = arrayItem(b[j]);
    let i: number | undefined;
    if (byId) i = byId.get((next as { _id: string })._id);
    else if (j < a.length) i = j;
    if (i === undefined) {
      same = false;
      endRun();
      items.push({ $: next });
      continue;
    }
    const patch = diff(arrayItem(a[i]), next);
    if (patch === null) {
      if (i !== j) same = false;
      if (run && run[0] + run[1] === i) run[1]++;
      else {
        endRun();
        run = [i, 1];
      }
      continue;
    }
    same = false;
    endRun();
    items.push({ i, p: patch });
  }
  if (same) return null;
  endRun();
  return { a: items };
}

/** A patch that does not fit the value it is applied to. */
export class PatchMismatchError extends Error {
  constructor(what: string) {
    super(`live patch does not fit the value: ${what}`);
    this.name = "PatchMismatchError";
  }
}

/**
 * The value `patch` describes against `base` (the value as last received). `base` is not
 * changed; what the patch keeps is shared with it. Throws PatchMismatchError for a patch that
 * does not fit `base` (the caller then asks for the whole value again).
 */
export function applyPatch(base: unknown, patch: unknown): unknown {
  if (!isObject(patch)) throw new PatchMismatchError("not a patch");
  if ("$" in patch) return patch.$;
  if ("o" in patch) {
    if (!isObject(base)) throw new PatchMismatchError("an object patch on a non-object");
    const changed = patch.o;
    if (!isObject(changed)) throw new PatchMismatchError("object changes");
    const result: Record<string, unknown> = { ...base };
    const deleted = patch.d;
    if (deleted !== undefined) {
      if (!Array.isArray(deleted)) throw new PatchMismatchError("deleted keys");
      for (const key of deleted) delete result[String(key)];
    }
    for (const key of Object.keys(changed)) {
      const own = Object.hasOwn(base, key) ? base[key] : undefined;
      setOwn(result, key, applyPatch(own, changed[key]));
    }
    return result;
  }
  if ("a" in patch) {
    if (!Array.isArray(base)) throw new PatchMismatchError("an array patch on a non-array");
    const items = patch.a;
    if (!Array.isArray(items)) throw new PatchMismatchError("array items");
    const result: unknown[] = [];
    const at = (i: unknown) => {
      if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= base.length)
        throw new PatchMismatchError(`item ${String(i)} of ${base.length}`);
      return base[i];
    };
    for (const item of items) {
      if (typeof item === "number") result.push(at(item));
      else if (Array.isArray(item)) {
        const [from, count] = item as unknown[];
        if (typeof count !== "number" || !Number.isInteger(count) || count < 1)
          throw new PatchMismatchError("a run of items");
        at(from);
        at((from as number) + count - 1);
        for (let k = 0; k < count; k++) result.push(base[(from as number) + k]);
      } else if (isObject(item) && "$" in item) result.push(item.$);
      else if (isObject(item) && "i" in item) result.push(applyPatch(at(item.i), item.p));
      else throw new PatchMismatchError("an array item");
    }
    return result;
  }
  throw new PatchMismatchError("unknown patch");
}
