import type { QueryClient } from "@tanstack/react-query";
import * as documentsApi from "#shared/api/documents.ts";
import * as supportApi from "#shared/api/support.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The member's requests, latest activity first (live). */
export const mySupportRequestsOptions = () => liveQueryOptions(supportApi.listMine, {});

/** One request's thread (live: support's answer shows up as it is written). */
export const supportThreadOptions = (requestId: string) =>
  liveQueryOptions(supportApi.get, { requestId }, { preferSocket: true });

/** Documents of the dossier matching a text, for the request form's attachment. */
export const supportDocumentSearchOptions = (query: string) =>
  liveQueryOptions(documentsApi.search, {
    query,
    paginationOpts: { numItems: 6, cursor: null },
  });

/** /account/support's loader: the member's requests. */
export async function preloadSupport(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(mySupportRequestsOptions()));
}
