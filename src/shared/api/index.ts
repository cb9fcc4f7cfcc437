import * as auth from "./auth.ts";
import * as users from "./users.ts";

/**
 * Every backend function contract, addressed as `api.users.getMe`. The server
 * must implement each one (checked at start-up and by a test).
 */
export const api = {
  auth: { signIn: auth.signIn, signOut: auth.signOut },
  setup: { status: auth.setupStatus, complete: auth.completeSetup },
  users: {
    getMe: users.getMe,
    updateProfile: users.updateProfile,
    changePassword: users.changePassword,
  },
};
