import type { QueryClient } from "@tanstack/react-query";
import { api } from "#shared/api/index.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The caller's two factors, live (decision 030). */
export const twoFactorStatusOptions = () => liveQueryOptions(api.twoFactor.status, {});

export const preloadSecurity = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(twoFactorStatusOptions());
