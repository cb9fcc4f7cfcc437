import { useSyncExternalStore } from "react";

/**
 * A piece of the app kept out of the first page's JavaScript (decision 016): its chunk is
 * fetched on the first `load()` (again after a failed attempt), then read synchronously, so a
 * reader renders without it meanwhile rather than suspend.
 */
export interface DeferredModule<T> {
  /** Fetches the chunk once; later calls share the same promise. */
  load(): Promise<T>;
  /** A hook: the loaded value or undefined, re-rendering its reader when it arrives. */
  useLoaded(): T | undefined;
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const current = () => value;
  return {
    load() {
      loading ??= importer().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    useLoaded: () => useSyncExternalStore(subscribe, current, current),
  };
}
