import * as adminOrganizationsApi from "#shared/api/admin-organizations.ts";
import type { AdminOrganization } from "#shared/schemas/admin-organizations.ts";
import type { OptimisticStore } from "../../../lib/sync/live-store.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** Apply a change to one organization in the list on screen (the `search` it was read with). */
function patchListed(
  store: OptimisticStore,
  search: string,
  organizationId: string,
  patch: Partial<AdminOrganization>,
) {
  const args = search ? { search } : {};
  const list = store.getQuery(adminOrganizationsApi.list, args);
  if (!list) return;
  store.setQuery(
    adminOrganizationsApi.list,
    args,
    list.map((o) => (o._id === organizationId ? { ...o, ...patch } : o)),
  );
}

/**
 * Writes to organizations: shown at once in the list on screen, then
 * reconciled with the server's answer; the dialogs show refusals themselves.
 */
export const useCreateOrganization = () =>
  useLiveMutation(adminOrganizationsApi.create, { showErrorToast: false });

export const useUpdateOrganization = (search: string) =>
  useLiveMutation(adminOrganizationsApi.update, {
    showErrorToast: false,
    optimisticUpdate: (store, { organizationId, name, slug }) =>
      patchListed(store, search, organizationId, {
        ...(name ? { name: name.trim() } : {}),
        ...(slug ? { slug: slug.trim() } : {}),
      }),
  });

export const useSuspendOrganization = (search: string) =>
  useLiveMutation(adminOrganizationsApi.suspend, {
    showErrorToast: false,
    optimisticUpdate: (store, { organizationId, reason }) =>
      patchListed(store, search, organizationId, {
        status: "suspended",
        suspendedAt: Date.now(),
        suspendedReason: reason?.trim() || null,
      }),
  });

export const useRestoreOrganization = (search: string) =>
  useLiveMutation(adminOrganizationsApi.restore, {
    optimisticUpdate: (store, { organizationId }) =>
      patchListed(store, search, organizationId, {
        status: "active",
        suspendedAt: null,
        suspendedReason: null,
      }),
  });
