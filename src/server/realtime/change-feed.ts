import type { Services } from "../api/context.ts";
import type { LiveQueryHub } from "./live-query-hub.ts";

/**
 * The database's change feed to the identity cache and the live queries (main.ts, and the
 * benches that run a server's pieces in process). The identity cache hears a change before
 * the live queries (and the sockets' session re-checks they trigger) do; it drops everything
 * when the feed may have missed some. Returns the stop function.
 */
export async function listenToChanges(
  services: Services,
  hub: LiveQueryHub,
): Promise<() => Promise<void>> {
  const identities = services.auth.identities;
  const stop = await services.database.listen(
    (payload) => {
      identities.notify(payload);
      hub.notify(payload);
    },
    () => {
      identities.attach();
      void hub.refreshAll();
    },
    undefined,
    () => identities.detach(),
  );
  identities.attach();
  return stop;
}
