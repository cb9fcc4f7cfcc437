import { api } from "#shared/api/index.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Admins only: the organization's sign-in rules (decision 030). */
export const signInPolicyOptions = () =>
  liveQueryOptions(api.signInPolicy.get, {}, { staleTime: STALE_TIME.account });
