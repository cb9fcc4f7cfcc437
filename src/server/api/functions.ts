import type { FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { adminLookFunctions } from "../admin/functions.ts";
import { adminOrganizationFunctions } from "../admin/organizations/functions.ts";
import { adminStatsFunctions } from "../admin/stats/functions.ts";
import { adminUserFunctions } from "../admin/users/functions.ts";
import { authFunctions } from "../auth/functions.ts";
import { twoFactorFunctions } from "../auth/two-factor/functions.ts";
import { documentFunctions } from "../documents/functions.ts";
import { draftFunctions } from "../drafts/functions.ts";
import { folderFunctions } from "../folders/functions.ts";
import { invitationFunctions } from "../invitations/functions.ts";
import { memberFunctions } from "../members/functions.ts";
import { messageFunctions } from "../messages/functions.ts";
import { modelFunctions } from "../models/functions.ts";
import { executionFunctions } from "../modules/execution-functions.ts";
import { moduleFunctions } from "../modules/functions.ts";
import { notificationFunctions } from "../notifications/functions.ts";
import { organizationFunctions } from "../organizations/functions.ts";
import { promptFunctions } from "../prompts/functions.ts";
import { setupFunctions } from "../setup/functions.ts";
import { shareFunctions } from "../shares/functions.ts";
import { signInPolicyFunctions } from "../sign-in-policy/functions.ts";
import { supportFunctions } from "../support/functions.ts";
import { tableFunctions } from "../tables/functions.ts";
import { threadAttachmentFunctions } from "../threads/attachment-functions.ts";
import { threadFunctions } from "../threads/functions.ts";
import { userFunctions } from "../users/functions.ts";
import { voiceFunctions } from "../voice/functions.ts";
import { workflowFunctions } from "../workflows/functions.ts";
import { Registry, type ServerFunction } from "./registry.ts";

/**
 * Every server function. Each lives in the folder named by its path's
 * namespace (`folders.move` in folders/, `threads.list` in threads/).
 */
const functions: ServerFunction[] = [
  ...authFunctions,
  ...setupFunctions,
  ...userFunctions,
  ...folderFunctions,
  ...documentFunctions,
  ...shareFunctions,
  ...threadFunctions,
  ...threadAttachmentFunctions,
  ...messageFunctions,
  ...modelFunctions,
  ...promptFunctions,
  ...moduleFunctions,
  ...executionFunctions,
  ...draftFunctions,
  ...organizationFunctions,
  ...memberFunctions,
  ...invitationFunctions,
  ...notificationFunctions,
  ...supportFunctions,
  ...voiceFunctions,
  ...workflowFunctions,
  ...tableFunctions,
  ...adminUserFunctions,
  ...adminOrganizationFunctions,
  ...adminStatsFunctions,
  ...adminLookFunctions,
  // Sign-in methods (decision 030)
  ...signInPolicyFunctions,
  ...twoFactorFunctions,
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
