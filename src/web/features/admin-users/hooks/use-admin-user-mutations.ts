import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes of /admin/users. The forms show their own errors by field; the
 * disable switch and sign-out show a toast when refused (the last superadmin,
 * oneself).
 */
export const useCreateAdminUser = () =>
  useLiveMutation(api.admin.users.create, { showErrorToast: false });

export const useUpdateAdminUser = () =>
  useLiveMutation(api.admin.users.update, { showErrorToast: false });

export const useSetUserDisabled = () =>
  useLiveMutation(api.admin.users.setDisabled, {
    optimisticUpdate: (store, { userId, disabled }) => {
      const user = store.getQuery(api.admin.users.get, { userId });
      if (user) store.setQuery(api.admin.users.get, { userId }, { ...user, disabled });
    },
  });

export const useSignOutEverywhere = () => useLiveMutation(api.admin.users.signOutEverywhere);
