import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

/**
 * Preloaded (`node --import`) by database-drivers.test.ts into loaded-drivers.ts's process and,
 * through the inherited flags, into every worker thread it starts (PGlite runs in one, decision
 * 032 "PGlite in a worker thread"): appends each database driver a thread resolves to the file
 * named by LOADED_DRIVERS_FILE, one a line.
 */
const file = process.env.LOADED_DRIVERS_FILE;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (file && (specifier === "pg" || specifier.startsWith("@electric-sql/pglite"))) {
      appendFileSync(file, `${specifier}\n`);
    }
    return nextResolve(specifier, context);
  },
});
