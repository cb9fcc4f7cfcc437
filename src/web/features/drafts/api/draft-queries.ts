import type { QueryClient } from "@tanstack/react-query";
import * as draftsApi from "#shared/api/drafts.ts";
import type { DraftStatus } from "#shared/schemas/draft.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Drafts change while they are generated: always live, never served stale. */
const STALE = 0;

export interface DraftListFilter {
  q?: string;
  status?: DraftStatus;
  pending?: boolean;
}

/** The list's arguments: absent fields left out, so equal filters share one cache entry. */
export function listArgs(filter: DraftListFilter) {
  return {
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.pending ? { pending: true } : {}),
  };
}

export const draftListOptions = (filter: DraftListFilter) =>
  liveQueryOptions(draftsApi.list, listArgs(filter), { staleTime: STALE });

export const draftOptions = (draftId: string) =>
  liveQueryOptions(draftsApi.get, { draftId }, { staleTime: STALE });

export const draftVersionsOptions = (draftId: string) =>
  liveQueryOptions(draftsApi.listVersions, { draftId }, { staleTime: STALE });

/** /modules/drafts's loader: the list as filtered, and the open draft. */
export async function preloadDrafts(
  queryClient: QueryClient,
  search: DraftListFilter & { id?: string },
): Promise<void> {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(draftListOptions(search)),
      search.id ? queryClient.ensureQueryData(draftOptions(search.id)) : null,
    ]),
  );
}
