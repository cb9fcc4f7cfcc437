import type { AppError } from "#shared/errors.ts";
import { applyPatch } from "#shared/live-patch.ts";

/**
 * The live queries this tab wants, de-duplicated: every (path, args) pair is
 * one server subscription however many listeners share it. Each keeps the id
 * it is known by on the wire and its last result while the socket is up.
 */
export interface SubscriptionListener {
  onValue: (value: unknown) => void;
  onError: (error: AppError) => void;
}

export interface Subscription {
  readonly id: string;
  readonly path: string;
  readonly args: Record<string, unknown>;
  readonly listeners: Set<SubscriptionListener>;
  /** The last value the server sent on the current socket, if any. */
  result: { value: unknown } | null;
}

export class SubscriptionRegistry {
  private readonly byKey = new Map<string, Subscription>();
  private readonly byId = new Map<string, Subscription>();
  private nextId = 1;

  /** Adds a listener; `created` says whether the server must be told. */
  add(path: string, args: Record<string, unknown>, listener: SubscriptionListener) {
    const key = subscriptionKey(path, args);
    let subscription = this.byKey.get(key);
    const created = !subscription;
    if (!subscription) {
      subscription = { id: `q${this.nextId++}`, path, args, listeners: new Set(), result: null };
      this.byKey.set(key, subscription);
      this.byId.set(subscription.id, subscription);
    }
    subscription.listeners.add(listener);
    return { subscription, created };
  }

  /** Removes a listener; true when that was the last one and the server must be told. */
  remove(subscription: Subscription, listener: SubscriptionListener): boolean {
    if (!subscription.listeners.delete(listener)) return false;
    if (subscription.listeners.size > 0) return false;
    this.byKey.delete(subscriptionKey(subscription.path, subscription.args));
    this.byId.delete(subscription.id);
    return true;
  }

  find(path: string, args: Record<string, unknown>): Subscription | undefined {
    return this.byKey.get(subscriptionKey(path, args));
  }

  all(): Subscription[] {
    return [...this.byKey.values()];
  }

  deliverValue(id: string, value: unknown): void {
    const subscription = this.byId.get(id);
    if (!subscription) return;
    subscription.result = { value };
    for (const listener of [...subscription.listeners]) listener.onValue(value);
  }

  /**
   * A new value as a patch against the last one (decision 035). False when it cannot be
   * applied (no value to apply it to, or one it does not fit): the caller asks for the whole
   * value again. True for a subscription that is gone (nothing to do).
   */
  deliverPatch(id: string, patch: unknown): boolean {
    const subscription = this.byId.get(id);
    if (!subscription) return true;
    if (!subscription.result) return false;
    let value: unknown;
    try {
      value = applyPatch(subscription.result.value, patch);
    } catch {
      subscription.result = null;
      return false;
    }
    this.deliverValue(id, value);
    return true;
  }

  /** The subscription a wire id stands for, if it is still wanted. */
  get(id: string): Subscription | undefined {
    return this.byId.get(id);
  }

  deliverError(id: string, error: AppError): void {
    const subscription = this.byId.get(id);
    if (!subscription) return;
    subscription.result = null;
    for (const listener of [...subscription.listeners]) listener.onError(error);
  }

  /** The socket went away: results may be outdated until the server sends them again. */
  forgetResults(): void {
    for (const subscription of this.byKey.values()) subscription.result = null;
  }
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same subscription. */
export function subscriptionKey(path: string, args: Record<string, unknown>): string {
  return JSON.stringify([path, args], (_key, value: unknown) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    return Object.fromEntries(
      Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}
