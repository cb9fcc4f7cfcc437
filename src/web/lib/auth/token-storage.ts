import { z } from "zod";
import { STORAGE_KEYS } from "#shared/constants.ts";

/**
 * Auth tokens in localStorage under namespaced keys (SPEC section 9):
 * `<prefix>_<namespace>`, the namespace being the page origin with every
 * non-alphanumeric character removed, so two deployments on one host do not
 * share tokens.
 */
export interface StoredTokens {
  token: string;
  refreshToken: string;
}

export interface AuthStorageKeys {
  accessToken: string;
  refreshToken: string;
  oauthVerifier: string;
}

export function storageNamespace(origin: string): string {
  return origin.replace(/[^a-zA-Z0-9]/g, "");
}

export function authStorageKeys(namespace: string): AuthStorageKeys {
  return {
    accessToken: `${STORAGE_KEYS.accessToken}_${namespace}`,
    refreshToken: `${STORAGE_KEYS.refreshToken}_${namespace}`,
    oauthVerifier: `${STORAGE_KEYS.oauthVerifier}_${namespace}`,
  };
}

/** The storage a browser may refuse (private mode, disabled storage): then nothing persists. */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const storedTokenSchema = z.string().min(1).max(4096);

export class TokenStorage {
  readonly keys: AuthStorageKeys;
  private readonly storage: StorageLike | null;

  constructor(storage: StorageLike | null, namespace: string) {
    this.storage = storage;
    this.keys = authStorageKeys(namespace);
  }

  load(): StoredTokens | null {
    const token = storedTokenSchema.safeParse(this.read(this.keys.accessToken));
    const refreshToken = storedTokenSchema.safeParse(this.read(this.keys.refreshToken));
    if (!token.success || !refreshToken.success) return null;
    return { token: token.data, refreshToken: refreshToken.data };
  }

  save(tokens: StoredTokens | null): void {
    if (!this.storage) return;
    try {
      if (tokens) {
        // Refresh token first: a tab reading in between sees the old access
        // token (still valid) with the newest refresh token, never the reverse.
        this.storage.setItem(this.keys.refreshToken, tokens.refreshToken);
        this.storage.setItem(this.keys.accessToken, tokens.token);
      } else {
        this.storage.removeItem(this.keys.accessToken);
        this.storage.removeItem(this.keys.refreshToken);
      }
    } catch (error) {
      console.warn("Could not save the sign-in tokens in this browser", error);
    }
  }

  /** SPEC 9's OAuth verifier: kept from the start of single sign-on until its code comes back. */
  loadVerifier(): string | null {
    const verifier = storedTokenSchema.safeParse(this.read(this.keys.oauthVerifier));
    return verifier.success ? verifier.data : null;
  }

  saveVerifier(verifier: string | null): void {
    if (!this.storage) return;
    try {
      if (verifier) this.storage.setItem(this.keys.oauthVerifier, verifier);
      else this.storage.removeItem(this.keys.oauthVerifier);
    } catch (error) {
      console.warn("Could not keep the sign-in verifier in this browser", error);
    }
  }

  /** True for a `storage` event key that concerns the tokens (null: storage cleared). */
  concerns(key: string | null): boolean {
    return key === null || key === this.keys.accessToken || key === this.keys.refreshToken;
  }

  private read(key: string): string | null {
    if (!this.storage) return null;
    try {
      return this.storage.getItem(key);
    } catch {
      return null;
    }
  }
}

export function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
