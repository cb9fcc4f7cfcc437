import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from "react";
import type { AuthClient, AuthState } from "./auth-client.ts";

/**
 * Gives React the AuthClient: `<AuthProvider client={auth}>` at the root,
 * `useAuth()` below it for the sign-in state and the sign-in/out calls.
 */
const AuthContext = createContext<AuthClient | null>(null);

export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  return createElement(AuthContext, { value: client }, children);
}

export function useAuthClient(): AuthClient {
  const client = useContext(AuthContext);
  if (!client) throw new Error("useAuth must be used inside <AuthProvider>");
  return client;
}

export function useAuth(): AuthState & Pick<AuthClient, "signIn" | "signOut"> {
  const client = useAuthClient();
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  return { ...state, signIn: client.signIn, signOut: client.signOut };
}
