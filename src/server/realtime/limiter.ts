/** At most `size` async tasks at once; the rest wait their turn in order. */
export class Limiter {
  readonly #size: number;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#size = size;
  }

  /** Tasks holding a slot. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Run `task` in a slot. The task may give its slot up before it ends (`release`, idempotent):
   * the live hub does so while a run waits for a batch it cannot start alone.
   */
  async run<T>(task: (release: () => void) => Promise<T>): Promise<T> {
    if (this.#active >= this.#size) {
      // The finishing task hands its slot straight to us (active stays counted).
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#active++;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    };
    try {
      return await task(release);
    } finally {
      release();
    }
  }
}
