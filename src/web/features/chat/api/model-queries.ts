import { api } from "#shared/api/index.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The models this server offers, with the user's and the organization's default choice. */
export const modelListOptions = () => liveQueryOptions(api.models.list, {});
