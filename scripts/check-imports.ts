import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkImports } from "./import-rules.ts";

/**
 * `npm run lint:imports` (part of `npm run lint`): fails when src/ breaks an
 * import rule or has an import cycle; the unit suite runs the same check.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const problems = checkImports(root);
for (const problem of problems) process.stderr.write(`${problem}\n`);
if (problems.length > 0) {
  process.stderr.write(`\n${problems.length} import problem(s) in src/.\n`);
  process.exit(1);
}
process.stdout.write("Imports: no layer crossed, no forbidden package entry point, no cycle.\n");
