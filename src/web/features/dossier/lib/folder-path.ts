/** Longest path folders.getFolderIdByFullSlugPath accepts. */
export const MAX_FOLDER_PATH_LENGTH = 2000;

/**
 * A folder path from the address bar ("Contracts//2024/"), made comparable
 * with stored slug paths ("contracts/2024"): empty segments dropped, trimmed,
 * lower case. Null when it cannot name a folder.
 */
export function normalizeFolderPath(splat: string | undefined): string | null {
  if (!splat) return null;
  const path = splat
    .split("/")
    .map((segment) => segment.trim().toLowerCase())
    .filter(Boolean)
    .join("/");
  return path && path.length <= MAX_FOLDER_PATH_LENGTH ? path : null;
}

/** The folder path shown by a /dossier… or /dossier/shared… pathname ("" at the top level). */
export function folderPathOfPathname(pathname: string): string {
  if (/^\/dossier\/favorites\/?$/.test(pathname)) return "";
  const match =
    /^\/dossier\/shared(?:\/(.*))?$/.exec(pathname) ?? /^\/dossier(?:\/(.*))?$/.exec(pathname);
  if (!match?.[1]) return "";
  let decoded = match[1];
  try {
    decoded = decodeURIComponent(match[1]);
  } catch {
    // A broken escape stays as typed; it will not match a folder.
  }
  return normalizeFolderPath(decoded) ?? "";
}
