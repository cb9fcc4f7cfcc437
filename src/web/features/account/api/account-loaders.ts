import type { QueryClient } from "@tanstack/react-query";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { meOptions } from "../../../lib/shared-queries.ts";

/** /account's loader: the signed-in user, the entry the account page reads. */
export async function preloadAccount(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(meOptions()));
}
