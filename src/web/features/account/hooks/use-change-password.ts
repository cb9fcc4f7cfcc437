import * as usersApi from "#shared/api/users.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** users.changePassword; nothing to show optimistically, and errors are shown by the form's fields. */
export function useChangePassword() {
  return useLiveMutation(usersApi.changePassword, { showErrorToast: false });
}
