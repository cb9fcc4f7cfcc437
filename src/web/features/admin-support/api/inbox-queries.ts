import * as adminSupportApi from "#shared/api/admin-support.ts";
import * as supportApi from "#shared/api/support.ts";
import type { SupportStatus } from "#shared/schemas/support.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Every organization's requests (live: a new request or reply shows up at once). */
export const inboxOptions = (filter: { status?: SupportStatus; organizationId?: string }) =>
  liveQueryOptions(adminSupportApi.list, filter);

/** One request's thread, through support.get (superadmins see every request). */
export const inboxThreadOptions = (requestId: string) =>
  liveQueryOptions(supportApi.get, { requestId }, { preferSocket: true });
