import type { Role } from "#shared/constants.ts";

/** The signed-in caller, loaded fresh from the database for every call. */
export interface Identity {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  role: Role;
  isSuperadmin: boolean;
}

/** Where a request came from, for the audit log and rate limits. */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** The app's address as this request reached it (Origin, else Host): links when PUBLIC_URL is unset. */
  origin?: string | null;
}
