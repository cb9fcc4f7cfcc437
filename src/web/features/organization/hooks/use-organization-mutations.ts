import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes of the organization page. Roles change at once on screen and come
 * back, with a toast, if refused; the dialogs show their own errors.
 */
export const useUpdateOrganization = () =>
  useLiveMutation(api.organizations.update, { showErrorToast: false });

export const useSetMemberRole = () =>
  useLiveMutation(api.members.setRole, {
    optimisticUpdate: (store, { userId, role }) => {
      const members = store.getQuery(api.members.list, {});
      if (members) {
        store.setQuery(
          api.members.list,
          {},
          members.map((m) => (m._id === userId ? { ...m, role } : m)),
        );
      }
    },
  });

export const useRemoveMember = () => useLiveMutation(api.members.remove, { showErrorToast: false });

export const useCreateInvitations = () =>
  useLiveMutation(api.invitations.create, { showErrorToast: false });

export const useResendInvitation = () => useLiveMutation(api.invitations.resend);

export const useRevokeInvitation = () =>
  useLiveMutation(api.invitations.revoke, {
    optimisticUpdate: (store, { invitationId }) => {
      const list = store.getQuery(api.invitations.list, {});
      if (list) {
        store.setQuery(
          api.invitations.list,
          {},
          list.map((i) => (i._id === invitationId ? { ...i, status: "revoked" as const } : i)),
        );
      }
    },
  });
