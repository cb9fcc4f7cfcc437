/**
 * A map bounded to `max` entries that drops the least recently used one first. One small
 * implementation for the server's caches (verified access tokens, query embeddings, PGlite's
 * named statements): a `Map` keeps insertion order, so a use moves its key to the end and the
 * first key is the oldest. `get` and `set` count as a use; `peek` and `has` do not.
 *
 * `onEvict` is called for each entry pushed out by `set` (not for `delete`, `clear` or a
 * replaced value), after it has left the map, so a caller can release what the value holds.
 *
 * With `weigh` and `maxWeight`, the entries' total weight (e.g. their size in bytes) is bounded
 * too: `set` drops the oldest entries until both bounds hold, and a value heavier than
 * `maxWeight` on its own is not stored.
 */
export class Lru<K, V> {
  readonly max: number;
  readonly #entries = new Map<K, V>();
  readonly #onEvict: ((key: K, value: V) => void) | undefined;
  readonly #weigh: ((value: V) => number) | undefined;
  readonly #weights = new Map<K, number>();
  readonly maxWeight: number;
  #weight = 0;

  constructor(options: {
    max: number;
    onEvict?: (key: K, value: V) => void;
    weigh?: (value: V) => number;
    maxWeight?: number;
  }) {
    if (!Number.isInteger(options.max) || options.max < 1)
      throw new RangeError(`Lru: max must be a positive integer, got ${options.max}`);
    if ((options.weigh === undefined) !== (options.maxWeight === undefined))
      throw new RangeError("Lru: weigh and maxWeight go together");
    if (options.maxWeight !== undefined && !(options.maxWeight > 0))
      throw new RangeError(`Lru: maxWeight must be positive, got ${options.maxWeight}`);
    this.max = options.max;
    this.#onEvict = options.onEvict;
    this.#weigh = options.weigh;
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  }

  /** The entries' total weight (0 without `weigh`). */
  get weight(): number {
    return this.#weight;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The value, without counting it as a use. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Stores the value as the most recently used, dropping the oldest entries beyond `max`. */
  set(key: K, value: V): this {
    this.delete(key);
    if (this.#weigh) {
      const weight = this.#weigh(value);
      if (weight > this.maxWeight) return this;
      this.#weights.set(key, weight);
      this.#weight += weight;
    }
    this.#entries.set(key, value);
    while (this.#entries.size > this.max || this.#weight > this.maxWeight) {
      const [oldest, old] = this.#entries.entries().next().value as [K, V];
      this.delete(oldest);
      this.#onEvict?.(oldest, old);
    }
    return this;
  }

  delete(key: K): boolean {
    const weight = this.#weights.get(key);
    if (weight !== undefined) {
      this.#weights.delete(key);
      this.#weight -= weight;
    }
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#weights.clear();
    this.#weight = 0;
  }

  /** Drops every entry the predicate holds for (e.g. expired ones); how many it dropped. */
  prune(predicate: (value: V, key: K) => boolean): number {
    let dropped = 0;
    for (const [key, value] of this.#entries) {
      if (predicate(value, key)) {
        this.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Keys, least recently used first. */
  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }
}
