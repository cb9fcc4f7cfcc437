import { useEffect } from "react";
import { pageTitle } from "./app-name.ts";

/** Sets document.title to "<title> · <app name>" while the calling screen is shown. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
