import { api } from "#shared/api/index.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Whether the first run still needs setting up: the login and setup pages adapt to it. */
export const setupStatusOptions = () => liveQueryOptions(api.setup.status, {});
