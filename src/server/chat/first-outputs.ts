import type { Services } from "../api/context.ts";

/**
 * How long work that can wait (a turn's writes once its own first output is out, the frame
 * relay's statements) waits at most for the other turns of this instance still before their
 * first output (decision 032, "Seventh round: bursts"). Off by default (0: no wait; the frames of
 * the answers in flight are relayed every 50 ms): in the soak's steady mix (20 chats at once
 * beside 300 requests/s) some turn is nearly always before its first output, so every write
 * waited and the held work piled up (two alternated 3-minute pairs: requests/s sent 235-286
 * against 294-296, live p99 464-488 against 265-318 ms), while 100 chats at once met their
 * target either way. ATRIUM_CHAT_BURST_HOLD_MS (0 to 2,000) turns it on for a deployment whose
 * load is bursts of chats and nothing else; the frames are then relayed at least every
 * BURST_HOLD_MS while some turn waits for its first output.
 */
export const BURST_HOLD_MS = burstHoldFromEnv(process.env.ATRIUM_CHAT_BURST_HOLD_MS);

/** ATRIUM_CHAT_BURST_HOLD_MS: unset or empty is 0; anything but 0 to 2,000 ms stops the server. */
export function burstHoldFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0 || ms > 2_000) {
    throw new Error(
      `ATRIUM_CHAT_BURST_HOLD_MS must be a number of milliseconds from 0 to 2000, got "${value}"`,
    );
  }
  return ms;
}

/** One turn counted until its first output (or its end). */
export interface AwaitedOutput {
  /** Its first output is out, or it ended without one (idempotent). */
  done(): void;
  /**
   * Resolves once no other turn on this instance is still before its first output, or after
   * `maxMs` at most.
   */
  othersOut(maxMs: number): Promise<void>;
}

/**
 * The chat turns of one instance that are still before their first output (decision 032,
 * "Seventh round: bursts"). Under a burst a turn's writes, started once its own first output is
 * out, hold while others are still waiting for theirs (bounded): they would compete with those
 * turns' reads and model calls for the pool, PostgreSQL's cores and the event loop.
 */
export class FirstOutputs {
  /** How long waiting work waits at most (BURST_HOLD_MS; tests change it). */
  holdMs = BURST_HOLD_MS;
  #pending = 0;
  readonly #waiters = new Set<{ turn: Turn; wake: () => void }>();

  /** Turns before their first output now. */
  get pending(): number {
    return this.#pending;
  }

  begin(): AwaitedOutput {
    const turn: Turn = { pending: true };
    this.#pending++;
    return {
      done: () => {
        if (!turn.pending) return;
        turn.pending = false;
        this.#pending--;
        for (const waiter of this.#waiters) {
          if (this.#others(waiter.turn) === 0) waiter.wake();
        }
      },
      othersOut: (maxMs) => {
        if (this.#others(turn) === 0 || maxMs <= 0) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const waiter = {
            turn,
            wake: () => {
              clearTimeout(timer);
              this.#waiters.delete(waiter);
              resolve();
            },
          };
          const timer = setTimeout(waiter.wake, maxMs);
          this.#waiters.add(waiter);
        });
      },
    };
  }

  #others(turn: Turn): number {
    return this.#pending - (turn.pending ? 1 : 0);
  }
}

interface Turn {
  pending: boolean;
}

const registries = new WeakMap<Services, FirstOutputs>();

/** The running server's turns before their first output (tests run several servers in one process). */
export function firstOutputsOf(services: Services): FirstOutputs {
  let outputs = registries.get(services);
  if (!outputs) {
    outputs = new FirstOutputs();
    registries.set(services, outputs);
  }
  return outputs;
}
