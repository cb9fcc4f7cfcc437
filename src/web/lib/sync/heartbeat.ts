/**
 * Keeps an eye on a socket that may have died silently (sleeping laptop,
 * dropped Wi-Fi): a ping every `intervalMs`; if nothing at all arrives within
 * `timeoutMs` of a ping, `onTimeout` drops the socket so it can be replaced.
 */
export class Heartbeat {
  private interval: ReturnType<typeof setInterval> | null = null;
  private deadline: ReturnType<typeof setTimeout> | null = null;
  private readonly ping: () => void;
  private readonly onTimeout: () => void;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;

  constructor(options: {
    ping: () => void;
    onTimeout: () => void;
    intervalMs: number;
    timeoutMs: number;
  }) {
    this.ping = options.ping;
    this.onTimeout = options.onTimeout;
    this.intervalMs = options.intervalMs;
    this.timeoutMs = options.timeoutMs;
  }

  start(): void {
    this.stop();
    this.interval = setInterval(() => {
      this.ping();
      this.deadline ??= setTimeout(() => {
        this.stop();
        this.onTimeout();
      }, this.timeoutMs);
    }, this.intervalMs);
  }

  /** Any message from the server proves the socket alive. */
  received(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  stop(): void {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    this.received();
  }
}
