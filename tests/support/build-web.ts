import { fileURLToPath } from "node:url";
import { buildWeb, webBuildIsFresh } from "../../scripts/web-build.ts";

/** Vitest globalSetup for the e2e suite: builds dist/ unless it is newer than its sources. */
export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  if (webBuildIsFresh(root)) return;
  await buildWeb(root);
}
