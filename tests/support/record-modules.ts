import { renameSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

/**
 * Preload (`node --import ./tests/support/record-modules.ts ...`): writes every module the process
 * resolves, `{url, parent}` (the first module that imported it) in a JSON array, to RECORD_MODULES_FILE (at exit, and every 200 ms).
 * Tests use it to check what the server loads at start (decision 032).
 */
const file = process.env.RECORD_MODULES_FILE;
if (file) {
  /** url -> the module that first imported it. */
  const seen = new Map<string, string | undefined>();
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      if (!seen.has(resolved.url)) seen.set(resolved.url, context.parentURL);
      return resolved;
    },
  });
  // Written beside and renamed over: a process killed mid-write leaves the last whole list.
  const write = () => {
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify([...seen].map(([url, parent]) => ({ url, parent }))),
    );
    renameSync(`${file}.tmp`, file);
  };
  process.on("exit", write);
  setInterval(write, 200).unref();
}
