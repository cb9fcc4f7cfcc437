import { NETWORK_RETRY_DELAYS_MS, NETWORK_RETRY_JITTER_MS } from "#shared/constants.ts";

/**
 * SPEC section 8: a request that fails because the network dropped is tried
 * again after about 500 ms and then about 2000 ms, each plus under 100 ms of
 * jitter. Any other error is thrown at once.
 */
const NETWORK_ERROR_MESSAGES = [
  "failed to fetch", // Chrome
  "load failed", // Safari
  "network error",
  "networkerror", // Firefox: "NetworkError when attempting to fetch resource."
  "fetch failed", // Node / undici
  "terminated", // undici when the connection drops mid-body
];

export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const message = error.message.toLowerCase();
  return NETWORK_ERROR_MESSAGES.some((known) => message.includes(known));
}

export interface NetworkRetryOptions {
  delaysMs?: readonly number[];
  jitterMs?: number;
  random?: () => number;
  /** Called before each wait, e.g. to log; the attempt number starts at 1. */
  onRetry?: (attempt: number, error: unknown) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withNetworkRetry<T>(
  run: () => Promise<T>,
  options: NetworkRetryOptions = {},
): Promise<T> {
  const delays = options.delaysMs ?? NETWORK_RETRY_DELAYS_MS;
  const jitter = options.jitterMs ?? NETWORK_RETRY_JITTER_MS;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isNetworkError(error)) throw error;
      options.onRetry?.(attempt + 1, error);
      await sleep(delay + Math.floor(random() * jitter));
    }
  }
}
