import type { FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { signInFunction, signOutFunction } from "../auth/functions.ts";
import { chatFunctions } from "../chat/functions.ts";
import { dossierFunctions } from "../dossier/functions.ts";
import { completeSetupFunction, setupStatusFunction } from "../setup/functions.ts";
import { changePasswordFunction } from "../users/change-password.ts";
import { getMeFunction } from "../users/get-me.ts";
import { updateProfileFunction } from "../users/update-profile.ts";
import { Registry, type ServerFunction } from "./registry.ts";

/** Every server function. Each capability adds its own here. */
const functions: ServerFunction[] = [
  signInFunction,
  signOutFunction,
  setupStatusFunction,
  completeSetupFunction,
  getMeFunction,
  updateProfileFunction,
  changePasswordFunction,
  ...dossierFunctions,
  ...chatFunctions,
];

function contractsOf(tree: object): FunctionContract[] {
  return Object.values(tree).flatMap((value) =>
    value && typeof value === "object" && "kind" in value && "path" in value
      ? [value as FunctionContract]
      : contractsOf(value as object),
  );
}

/** The registry; fails fast when a shared contract has no implementation. */
export function createRegistry(): Registry {
  const registry = new Registry(functions);
  const missing = contractsOf(api).filter((c) => !registry.get(c.path));
  if (missing.length > 0) {
    throw new Error(`Contracts without implementation: ${missing.map((c) => c.path).join(", ")}`);
  }
  return registry;
}
