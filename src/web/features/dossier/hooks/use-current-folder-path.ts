import { useLocation } from "@tanstack/react-router";
import { folderPathOfPathname } from "../lib/folder-path.ts";

/** The slug path of the folder in the address bar, "" at the top level. */
export function useCurrentFolderPath(): string {
  return folderPathOfPathname(useLocation().pathname);
}
