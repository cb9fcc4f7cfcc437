import type { QueryClient } from "@tanstack/react-query";
import { AuthClient } from "./auth/auth-client.ts";
import { installLeaveGuard } from "./leave-guard.ts";
import { createQueryClient } from "./query-client.ts";
import { SyncClient } from "./sync/sync-client.ts";

export interface AppClients {
  auth: AuthClient;
  sync: SyncClient;
  queryClient: QueryClient;
}

export interface AppClientOptions {
  /** The realtime connection has been down for LONG_DISCONNECT_MS (60 s). */
  onLongDisconnect?: () => void;
  /** ...and is back. */
  onReconnectedAfterLongDisconnect?: () => void;
}

/**
 * The browser's clients, wired: the sync socket authenticates with the auth
 * client's token (again after every refresh), the Query cache is fed by the
 * sync client, and leaving the page asks first while writes or a token
 * refresh are in flight. Call `auth.init()` before the first render to know
 * whether someone is signed in (it is safe to call more than once).
 */
export function createAppClients(options: AppClientOptions = {}): AppClients {
  const auth = new AuthClient();
  const sync = new SyncClient({
    fetchToken: auth.fetchAccessToken,
    onTokenChange: auth.subscribe,
    onLongDisconnect: options.onLongDisconnect,
    onReconnectedAfterLongDisconnect: options.onReconnectedAfterLongDisconnect,
  });
  const queryClient = createQueryClient(sync);
  installLeaveGuard(() => sync.getInFlightCount() > 0 || auth.isRefreshing());
  sync.connect();
  return { auth, sync, queryClient };
}
