import * as adminUsersApi from "#shared/api/admin-users.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes of /admin/users. The forms show their own errors by field; the
 * disable switch and sign-out show a toast when refused (the last superadmin,
 * oneself).
 */
export const useCreateAdminUser = () =>
  useLiveMutation(adminUsersApi.create, { showErrorToast: false });

export const useUpdateAdminUser = () =>
  useLiveMutation(adminUsersApi.update, { showErrorToast: false });

export const useSetUserDisabled = () =>
  useLiveMutation(adminUsersApi.setDisabled, {
    optimisticUpdate: (store, { userId, disabled }) => {
      const user = store.getQuery(adminUsersApi.get, { userId });
      if (user) store.setQuery(adminUsersApi.get, { userId }, { ...user, disabled });
    },
  });

export const useSignOutEverywhere = () => useLiveMutation(adminUsersApi.signOutEverywhere);
