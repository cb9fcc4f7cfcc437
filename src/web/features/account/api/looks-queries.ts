import * as adminAuditApi from "#shared/api/admin-audit.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Superadmin looks at the caller's documents, folders and threads (live). */
export const looksAtMeOptions = () => liveQueryOptions(adminAuditApi.listLooksAtMe, {});
