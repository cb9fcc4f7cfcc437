import * as authApi from "#shared/api/auth.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The single sign-on buttons and whether emailed codes are on (decision 030). */
export const signInOptionsQuery = () => liveQueryOptions(authApi.signInOptions, {});
