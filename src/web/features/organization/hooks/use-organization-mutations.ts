import * as invitationsApi from "#shared/api/invitations.ts";
import * as membersApi from "#shared/api/members.ts";
import * as organizationsApi from "#shared/api/organizations.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes of the organization page. Roles change at once on screen and come
 * back, with a toast, if refused; the dialogs show their own errors.
 */
export const useUpdateOrganization = () =>
  useLiveMutation(organizationsApi.update, { showErrorToast: false });

export const useSetMemberRole = () =>
  useLiveMutation(membersApi.setRole, {
    optimisticUpdate: (store, { userId, role }) => {
      const members = store.getQuery(membersApi.list, {});
      if (members) {
        store.setQuery(
          membersApi.list,
          {},
          members.map((m) => (m._id === userId ? { ...m, role } : m)),
        );
      }
    },
  });

export const useRemoveMember = () => useLiveMutation(membersApi.remove, { showErrorToast: false });

export const useCreateInvitations = () =>
  useLiveMutation(invitationsApi.create, { showErrorToast: false });

export const useResendInvitation = () => useLiveMutation(invitationsApi.resend);

export const useRevokeInvitation = () =>
  useLiveMutation(invitationsApi.revoke, {
    optimisticUpdate: (store, { invitationId }) => {
      const list = store.getQuery(invitationsApi.list, {});
      if (list) {
        store.setQuery(
          invitationsApi.list,
          {},
          list.map((i) => (i._id === invitationId ? { ...i, status: "revoked" as const } : i)),
        );
      }
    },
  });
