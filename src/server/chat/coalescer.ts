/** What a coalescer has done since it was made (tests, benchmarks). */
export interface CoalescerStats {
  /** Calls (keys) run. */
  calls: number;
  /** Statements of one key (a lone call, or a failed batch's calls answered alone). */
  alone: number;
  /** Statements of several keys, and the keys they took. */
  batches: number;
  batched: number;
  /** Batches that failed and were answered one key at a time. */
  failedBatches: number;
}

interface Waiting<K, R> {
  key: K;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Statements of one kind coalesced under load (decision 032, "Seventh round: bursts"). A call
 * that finds fewer than `maxInFlight` statements of its kind in flight runs at once, alone
 * (`one`): a lone call pays nothing. One that finds them all busy waits; when a statement
 * returns, every call waiting then (up to `maxBatch`) goes in one statement (`many`, one answer
 * per key in order). A batch that fails is answered one key at a time (`one`), so each call gets
 * exactly the answer or the error it would have had alone (a batch must be one statement, all or
 * nothing, for that); keys that could make the whole statement fail (a value of the wrong type)
 * must be kept out by the caller (`batchable`). `maxInFlight` 0 turns coalescing off: every call
 * runs alone at once.
 */
export class Coalescer<K, R> {
  readonly stats: CoalescerStats = { calls: 0, alone: 0, batches: 0, batched: 0, failedBatches: 0 };
  readonly #one: (key: K) => Promise<R>;
  readonly #many: (keys: K[]) => Promise<R[]>;
  readonly #batchable: (key: K) => boolean;
  readonly #maxInFlight: number;
  readonly #maxBatch: number;
  #inFlight = 0;
  #waiting: Array<Waiting<K, R>> = [];

  constructor(options: {
    one: (key: K) => Promise<R>;
    many: (keys: K[]) => Promise<R[]>;
    batchable: (key: K) => boolean;
    maxInFlight: number;
    maxBatch: number;
  }) {
    this.#one = options.one;
    this.#many = options.many;
    this.#batchable = options.batchable;
    this.#maxInFlight = Math.max(0, Math.floor(options.maxInFlight));
    this.#maxBatch = Math.max(1, Math.floor(options.maxBatch));
  }

  /** Statements of this kind in flight now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  run(key: K): Promise<R> {
    this.stats.calls++;
    if (this.#maxInFlight === 0 || !this.#batchable(key)) {
      this.stats.alone++;
      return this.#one(key);
    }
    if (this.#inFlight < this.#maxInFlight && this.#waiting.length === 0) {
      this.stats.alone++;
      return this.#run(() => this.#one(key));
    }
    return new Promise<R>((resolve, reject) => {
      this.#waiting.push({ key, resolve, reject });
    });
  }

  #run<T>(statement: () => Promise<T>): Promise<T> {
    this.#inFlight++;
    let running: Promise<T>;
    try {
      running = statement();
    } catch (error) {
      running = Promise.reject(error);
    }
    return running.finally(() => {
      this.#inFlight--;
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#waiting.length > 0 && this.#inFlight < this.#maxInFlight) {
      const batch = this.#waiting.splice(0, this.#maxBatch);
      if (batch.length === 1) {
        const [only] = batch;
        this.stats.alone++;
        this.#run(() => this.#one(only!.key)).then(only!.resolve, only!.reject);
        continue;
      }
      this.stats.batches++;
      this.stats.batched += batch.length;
      void this.#run(() => this.#many(batch.map((waiting) => waiting.key))).then(
        (answers) => {
          if (answers.length !== batch.length) {
            this.#alone(batch);
            return;
          }
          for (const [i, waiting] of batch.entries()) waiting.resolve(answers[i]!);
        },
        () => this.#alone(batch),
      );
    }
  }

  /** A batch that failed: each of its calls alone, as it would have run without the others. */
  #alone(batch: Array<Waiting<K, R>>): void {
    this.stats.failedBatches++;
    for (const waiting of batch) {
      this.stats.alone++;
      this.#one(waiting.key).then(waiting.resolve, waiting.reject);
    }
  }
}

/**
 * How many statements of a kind may be in flight, from the environment variable `name` (the
 * benchmarks' ATRIUM_CHAT_READS_IN_FLIGHT, _WRITES_ and _SAVES_): an integer from 0 (coalescing
 * off) to 50; unset or empty gives `fallback`. Anything else stops the server at start, naming
 * the variable, as ATRIUM_CHAT_BURST_HOLD_MS does (a typo must not measure the default).
 */
export function inFlightFromEnv(
  name: string,
  fallback: number,
  env: Record<string, string | undefined> = process.env,
): number {
  const value = env[name];
  if (value === undefined || value.trim() === "") return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 50) {
    throw new Error(`${name} must be a whole number from 0 to 50, got "${value}"`);
  }
  return count;
}
