import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import {
  analyzeBundle,
  type BundleReport,
  type Manifest,
  type SizedFile,
  total,
} from "../scripts/bundle-analysis.ts";
import { bundleBudgetSchema, checkBudget, recordSizes } from "../scripts/bundle-budget.ts";
import { buildWeb, webBuildIsFresh } from "../scripts/web-build.ts";

/**
 * `npm run bench:bundle`: what the first page and each lazy part of the web app download,
 * gzipped (decision 016). Reuses dist/ when it is newer than its sources, else runs vite build.
 *
 *   --check    compare with bench/bundle-budget.json; exit 1 when over a limit or grown
 *   --record   write the measured sizes into bench/bundle-budget.json as the new baseline
 *   --dist D   measure another build (never rebuilt); default dist/
 *   --verbose  list every file of /login's initial set and of each lazy part
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGET_FILE = path.join(ROOT, "bench/bundle-budget.json");
const NAME_WIDTH = 56;

const { values } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    record: { type: "boolean", default: false },
    dist: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});

const dist = values.dist ? path.resolve(values.dist) : path.join(ROOT, "dist");
const manifestFile = path.join(dist, ".vite/manifest.json");
if (!values.dist && !(webBuildIsFresh(ROOT) && existsSync(manifestFile))) {
  process.stderr.write("dist/ is older than its sources: vite build...\n");
  await buildWeb(ROOT);
}

const manifest: Manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
// /login is measured from the document the server sends for it: login.html when the build has
// the light sign-in document (src/server/http/web-app.ts), else index.html (decision 016).
const readDocument = (name: string) => {
  const file = path.join(dist, name);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
};
const app = readDocument("index.html");
if (app === undefined) throw new Error(`${dist} has no index.html`);
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const report = analyzeBundle(manifest, { app, login: readDocument("login.html") }, gzipSize);
process.stdout.write(formatReport(report, values.verbose));

const budget = bundleBudgetSchema.parse(JSON.parse(readFileSync(BUDGET_FILE, "utf8")));
if (values.record) {
  writeFileSync(BUDGET_FILE, `${JSON.stringify(recordSizes(report, budget), null, 2)}\n`);
  process.stdout.write(`\nRecorded these sizes in ${path.relative(ROOT, BUDGET_FILE)}.\n`);
}
if (values.check) {
  const findings = checkBudget(report, budget);
  const lines = findings.map(({ level, message }) => `  ${level.padEnd(4)} ${message}\n`);
  process.stdout.write(`\nBudget (${path.relative(ROOT, BUDGET_FILE)}):\n${lines.join("")}`);
  if (findings.some((finding) => finding.level === "fail")) {
    process.stdout.write(
      "\nOver budget: cut what grew (decision 016), or, when the growth is worth it, record the\n" +
        "new sizes with `npm run bench:bundle -- --record` and say why in the commit.\n",
    );
    process.exit(1);
  }
}

function formatReport(
  { loginDocument, loginJs, loginCss, appJs, lazy }: BundleReport,
  verbose: boolean,
): string {
  const kB = (size: number) => `${(size / 1000).toFixed(1)} kB`;
  const list = (files: SizedFile[]) =>
    files.map((file) => `      ${kB(file.gzip).padStart(9)}  ${file.file}\n`).join("");
  const out = [
    "Gzipped sizes (zlib level 6; 1 kB = 1000 bytes)\n\n",
    `/login before sign-in (${loginDocument}): JavaScript ${kB(total(loginJs))} in ` +
      `${loginJs.length} files (budgeted), CSS ${kB(total(loginCss))} (not budgeted)\n`,
  ];
  if (verbose) out.push(list(loginJs), list(loginCss));
  out.push(
    `the app's document (index.html): JavaScript ${kB(total(appJs))} in ${appJs.length} files` +
      " (+5% check), before a route's own chunks\n",
  );
  if (verbose) out.push(list(appJs));
  out.push(
    "\nadds: beyond /login's set and, for a nested route, beyond its layouts' chunks\n",
    `${"loaded on demand (under src/web/)".padEnd(NAME_WIDTH)}${"own".padStart(9)}` +
      `${"adds".padStart(9)}  largest chunk it adds\n`,
  );
  for (const entry of lazy) {
    const largest = entry.added[0];
    out.push(
      `${entry.name.padEnd(NAME_WIDTH)}${kB(total(entry.own)).padStart(9)}` +
        `${kB(total(entry.added)).padStart(9)}  ${largest ? `${kB(largest.gzip)} ${largest.file}` : "-"}\n`,
    );
    if (verbose) out.push(list(entry.added));
  }
  return out.join("");
}
