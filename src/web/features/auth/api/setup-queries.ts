import * as setupApi from "#shared/api/setup.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Whether the first run still needs setting up: the login and setup pages adapt to it. */
export const setupStatusOptions = () => liveQueryOptions(setupApi.setupStatus, {});
