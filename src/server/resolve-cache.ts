import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * A shortcut for Node's module resolution inside node_modules (decision 038).
 *
 * Node 24 finds the format of every `.js` file it resolves from the nearest package.json, and on
 * the way copies that package.json's data with a spread, which runs the lazy getters of its
 * `exports` and `imports`: the whole exports map is parsed again for every file. drizzle-orm's
 * package.json is 179 kB and the server loads a few hundred of its files, so importing the
 * server took about 2 CPU-seconds, more than half of it in those parses (and the garbage they
 * leave), in every process that starts the server: `npm start`, the CLI, the job worker.
 *
 * Files of one directory have the same nearest package.json, so the same format. For a `.js`
 * file inside node_modules, the first file resolved in a directory goes through Node's own
 * resolution, which gives its format; every later one in that directory is resolved here, as
 * Node would (the URL relative to the importer, or the absolute path or URL a test runner
 * imports by), with that format. Anything else (bare names, `#imports`, other extensions,
 * import attributes, our own source) is Node's, untouched. A file that does not exist fails
 * when it is loaded instead of when it is resolved, with Node's "cannot find" error either way.
 */

type ResolveContext = { parentURL?: string; importAttributes?: Record<string, string> };
type Resolved = { url: string; format?: string | null; shortCircuit?: boolean };
type NextResolve = (specifier: string, context?: ResolveContext) => Resolved;

/** A resolve hook with its own cache of each directory's format. */
export function createResolveCache() {
  const formats = new Map<string, string>();
  const stats = { shortcuts: 0, throughNode: 0 };
  function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve): Resolved {
    const url = fileUrlOf(specifier, context);
    if (
      url === undefined ||
      !url.includes("/node_modules/") ||
      !url.endsWith(".js") ||
      (context.importAttributes && Object.keys(context.importAttributes).length > 0)
    ) {
      return nextResolve(specifier, context);
    }
    const directory = url.slice(0, url.lastIndexOf("/"));
    const format = formats.get(directory);
    if (format !== undefined) {
      stats.shortcuts++;
      return { url, format, shortCircuit: true };
    }
    stats.throughNode++;
    const resolved = nextResolve(specifier, context);
    // Only where Node gave this very URL (no symbolic link in between) and a format.
    if (resolved.url === url && typeof resolved.format === "string") {
      formats.set(directory, resolved.format);
    }
    return resolved;
  }
  return { resolve, stats };
}

/**
 * The file URL a relative or absolute specifier names (a relative one only from a file), or
 * undefined for anything Node resolves by name (packages, `#imports`, `node:`) or that needs
 * its checks (percent-encoding, query, hash).
 */
function fileUrlOf(specifier: string, context: ResolveContext): string | undefined {
  if (/[%?#]/.test(specifier)) return undefined;
  if (specifier.startsWith("file:///")) return new URL(specifier).href;
  if (specifier.startsWith("/")) return pathToFileURL(specifier).href;
  const parent = context.parentURL;
  if (parent?.startsWith("file:") && (specifier.startsWith("./") || specifier.startsWith("../"))) {
    return new URL(specifier, parent).href;
  }
  return undefined;
}

let registered = false;

/** Registers the shortcut for this thread (once); module.registerHooks covers import and require. */
export function registerResolveCache(): void {
  if (registered) return;
  registered = true;
  registerHooks({ resolve: createResolveCache().resolve as never });
}
