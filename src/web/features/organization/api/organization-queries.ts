import type { QueryClient } from "@tanstack/react-query";
import * as invitationsApi from "#shared/api/invitations.ts";
import * as membersApi from "#shared/api/members.ts";
import * as modelsApi from "#shared/api/models.ts";
import * as organizationsApi from "#shared/api/organizations.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The caller's organization (name, default model, their role). */
export const organizationOptions = () =>
  liveQueryOptions(organizationsApi.getCurrent, {}, { staleTime: STALE_TIME.account });

export const membersOptions = () =>
  liveQueryOptions(membersApi.list, {}, { staleTime: STALE_TIME.account });

/** Admins only: the server refuses members. */
export const invitationsOptions = () =>
  liveQueryOptions(invitationsApi.list, {}, { staleTime: STALE_TIME.account });

/** Admins only. */
export const usageOptions = () =>
  liveQueryOptions(organizationsApi.getUsage, {}, { staleTime: STALE_TIME.account });

/** The models an admin may make the default (the chat reads the same entry). */
export const modelChoicesOptions = () => liveQueryOptions(modelsApi.list, {});

/** What a public invitation link invites to. */
export const invitationPreviewOptions = (token: string) =>
  liveQueryOptions(invitationsApi.get, { token }, { preferSocket: true });

/** /account/organization's loader: the caller, then their organization and its members. */
export async function preloadOrganization(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(
    (async () => {
      const me = await queryClient.ensureQueryData(meOptions());
      if (!me.organizationId) return;
      await Promise.all([
        queryClient.ensureQueryData(organizationOptions()),
        queryClient.ensureQueryData(membersOptions()),
      ]);
    })(),
  );
}
