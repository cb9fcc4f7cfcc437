import * as signInPolicyApi from "#shared/api/sign-in-policy.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Admins only: the organization's sign-in rules (decision 030). */
export const signInPolicyOptions = () =>
  liveQueryOptions(signInPolicyApi.get, {}, { staleTime: STALE_TIME.account });
