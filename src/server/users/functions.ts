import type { ServerFunction } from "../api/registry.ts";
import { changePasswordFunction } from "./change-password.ts";
import { getMeFunction } from "./get-me.ts";
import { updateProfileFunction } from "./update-profile.ts";

/** users.*: the caller's own account (each handler beside its logic, one file per verb). */
export const userFunctions: ServerFunction[] = [
  getMeFunction,
  updateProfileFunction,
  changePasswordFunction,
];
