import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb, webBuildIsFresh } from "./web-build.ts";

/**
 * `npm start`: build the web app when its sources are newer than dist/, then
 * run the server in this process (so signals reach it directly).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!webBuildIsFresh(root)) {
  process.stdout.write("Building the web app (first start or sources changed)...\n");
  const started = Date.now();
  await buildWeb(root);
  process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
const { runFromCommandLine } = await import("../src/server/main.ts");
await runFromCommandLine();
