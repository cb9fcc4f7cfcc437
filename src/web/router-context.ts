import type { QueryClient } from "@tanstack/react-query";
import type { AuthClient } from "./lib/auth/auth-client.ts";

/** What every route's beforeLoad and loader receive as `context`. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthClient;
}
