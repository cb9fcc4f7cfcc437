import { api } from "../../shared/api/index.ts";
import { AppError } from "../../shared/errors.ts";
import { implement, type ServerFunction } from "../api/registry.ts";

// Placeholder until the dossier functions land: every one answers an error.
const notBuilt = (contract: Parameters<typeof implement>[0]) =>
  implement(contract, async () => {
    throw new AppError("INTERNAL", `${contract.path} is not built yet`);
  });

/** Folders and documents. */
export const dossierFunctions: ServerFunction[] = [
  ...Object.values(api.folders),
  ...Object.values(api.documents),
].map((c) => notBuilt(c) as ServerFunction);
