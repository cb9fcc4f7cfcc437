import { useEffect } from "react";
import { deferredModule } from "../../lib/deferred-module.ts";
import { useToastStore } from "./toast-store.ts";

const toaster = deferredModule(() => import("./toaster.tsx").then((module) => module.Toaster));

/**
 * The toast area without Radix Toast in the first page's JavaScript (decision 016): its chunk
 * is fetched once the page is idle, or at once when a toast is waiting, so it is there before a
 * "Connection lost" has to be shown offline. Toasts raised meanwhile wait in the store.
 */
export function DeferredToaster() {
  const Toaster = toaster.useLoaded();
  const waiting = useToastStore((s) => s.toasts.length > 0);

  useEffect(() => {
    if (Toaster) return;
    const load = () =>
      void toaster
        .load()
        .catch((error: unknown) =>
          console.warn("Could not load the toaster; the next toast tries again", error),
        );
    if (waiting) return load();
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(load, 200);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, [Toaster, waiting]);

  return Toaster ? <Toaster /> : null;
}
