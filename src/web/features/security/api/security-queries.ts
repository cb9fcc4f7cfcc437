import type { QueryClient } from "@tanstack/react-query";
import * as twoFactorApi from "#shared/api/two-factor.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The caller's two factors, live (decision 030). */
export const twoFactorStatusOptions = () => liveQueryOptions(twoFactorApi.status, {});

export const preloadSecurity = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(twoFactorStatusOptions());
