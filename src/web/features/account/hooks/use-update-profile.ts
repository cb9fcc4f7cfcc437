import * as usersApi from "#shared/api/users.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * users.updateProfile, applied to the getMe cache at once (so the sidebar and
 * the header change as you save) and reconciled with the server's answer; the
 * sync layer rolls it back with a toast if the server says no.
 */
export function useUpdateProfile() {
  return useLiveMutation(usersApi.updateProfile, {
    optimisticUpdate: (store, args) => {
      const me = store.getQuery(usersApi.getMe, {});
      if (!me) return;
      store.setQuery(
        usersApi.getMe,
        {},
        {
          ...me,
          firstName: args.firstName.trim(),
          lastName: args.lastName.trim(),
        },
      );
    },
  });
}
