/**
 * Delay before retrying a job whose attempt number `attempt` (1-based) failed:
 * exponential from `baseMs`, capped at `maxMs`, with +-20% jitter so jobs that
 * failed together (a storage outage, say) do not all come back at once.
 */
export function retryDelayMs(
  attempt: number,
  options: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const delay = Math.min(options.maxMs, options.baseMs * 2 ** exponent);
  return Math.round(delay * (0.8 + 0.4 * random()));
}
