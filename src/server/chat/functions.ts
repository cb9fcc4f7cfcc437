import { api } from "../../shared/api/index.ts";
import { AppError } from "../../shared/errors.ts";
import { implement, type ServerFunction } from "../api/registry.ts";

// Placeholder until the chat functions land: every one answers an error.
const notBuilt = (contract: Parameters<typeof implement>[0]) =>
  implement(contract, async () => {
    throw new AppError("INTERNAL", `${contract.path} is not built yet`);
  });

/** Threads, messages and models. */
export const chatFunctions: ServerFunction[] = [
  ...Object.values(api.threads),
  ...Object.values(api.messages),
  ...Object.values(api.models),
].map((c) => notBuilt(c) as ServerFunction);
