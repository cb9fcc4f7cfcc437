import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { ConnectionSnapshot, SyncClient } from "./sync-client.ts";

/**
 * Gives React the sync client and the Query client made for it
 * (createQueryClient(sync)), plus the connection state for indicators.
 */
const SyncContext = createContext<SyncClient | null>(null);

export function SyncProvider({
  client,
  queryClient,
  children,
}: {
  client: SyncClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <SyncContext value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SyncContext>
  );
}

export function useSyncClient(): SyncClient {
  const client = useContext(SyncContext);
  if (!client) throw new Error("useSyncClient must be used inside <SyncProvider>");
  return client;
}

export function useConnectionState(): ConnectionSnapshot {
  const client = useSyncClient();
  return useSyncExternalStore(
    client.subscribeConnectionState,
    client.getConnectionState,
    client.getConnectionState,
  );
}
