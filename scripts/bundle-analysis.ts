/**
 * What a page of the built web app downloads, read from Vite's manifest and dist/index.html.
 * Pure functions (sizes come from a callback) so the rules are unit-tested; the command that
 * builds, measures and checks the budget is bench/bundle-size.ts.
 */

/** One entry of `dist/.vite/manifest.json`, keyed by its source (or `_name` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Split pieces of a route that load only when something fails: not part of showing the page. */
const ON_FAILURE_ONLY = new Set(["errorComponent", "notFoundComponent"]);

/** Asset paths (relative to dist/) that index.html loads or preloads. */
export function htmlAssets(html: string): { scripts: string[]; styles: string[] } {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
  const local = (href: string | undefined): href is string => href?.startsWith("/assets/") === true;
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith("<script")) {
      const src = attr(tag, "src");
      if (attr(tag, "type") === "module" && local(src)) scripts.push(src.slice(1));
      continue;
    }
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!local(href)) continue;
    if (rel === "modulepreload") scripts.push(href.slice(1));
    if (rel === "stylesheet") styles.push(href.slice(1));
  }
  return { scripts, styles };
}

/** Manifest keys reachable from `roots` through static imports (the roots included). */
export function staticClosure(manifest: Manifest, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * What the app loads on demand, by name: each route file (`routes/login.tsx`) with the split
 * pieces that showing it loads (TanStack Router's `?tsr-split=` chunks, or a `.lazy.tsx` file;
 * error and not-found views left out), and every other dynamic import by its source
 * (`features/chat/components/markdown/markdown.tsx`).
 */
export function lazyEntries(manifest: Manifest): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const [path = "", query = ""] = key.split("?");
    const split = new URLSearchParams(query).get("tsr-split");
    if (split?.split("---").every((piece) => ON_FAILURE_ONLY.has(piece))) continue;
    const name = path.replace(/^src\/web\//, "").replace(/\.lazy(\.tsx?)$/, "$1");
    entries.set(name, [...(entries.get(name) ?? []), key]);
  }
  return entries;
}

/** The manifest key of the chunk index.html loads. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const [entry] = entries;
  if (!entry || entries.length !== 1) {
    throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
  }
  return entry[0];
}

export interface SizedFile {
  file: string;
  gzip: number;
}

export interface LazyReport {
  /** A route file (`routes/_authed/dossier/$.tsx`) or another lazy module, under src/web/. */
  name: string;
  /** Its own chunks. */
  own: SizedFile[];
  /** Every chunk it loads beyond /login's initial set, largest first. */
  added: SizedFile[];
}

export interface BundleReport {
  /** JavaScript /login loads or preloads before sign-in, largest first. */
  loginJs: SizedFile[];
  /** Stylesheets /login loads (reported, not budgeted). */
  loginCss: SizedFile[];
  /** Routes and other lazy modules, routes first. */
  lazy: LazyReport[];
}

export const total = (files: SizedFile[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/**
 * /login's initial set is what index.html loads or preloads (the entry and its static imports)
 * plus the login route's own chunks and their static imports; every other route or lazy module is
 * measured as what loading it adds on top of that set.
 */
export function analyzeBundle(
  manifest: Manifest,
  html: string,
  gzipSize: (file: string) => number,
  loginRoute = "routes/login.tsx",
): BundleReport {
  const entries = lazyEntries(manifest);
  const login = entries.get(loginRoute);
  if (!login) throw new Error(`No chunk of the route ${loginRoute} in the manifest`);
  const initialKeys = staticClosure(manifest, [entryKey(manifest), ...login]);
  const fileOf = (key: string) => manifest[key]!.file;
  const fromHtml = htmlAssets(html);
  const jsFiles = new Set([...fromHtml.scripts, ...[...initialKeys].map(fileOf)]);
  const cssFiles = new Set([
    ...fromHtml.styles,
    ...[...initialKeys].flatMap((key) => manifest[key]!.css ?? []),
  ]);
  const sized = (files: Iterable<string>) =>
    [...files].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const initialFiles = new Set(jsFiles);
  const order = (name: string) => `${name.startsWith("routes/") ? 0 : 1}${name}`;
  const lazy: LazyReport[] = [];
  for (const [name, keys] of [...entries].sort(([a], [b]) => order(a).localeCompare(order(b)))) {
    if (name === loginRoute) continue;
    const reached = [...staticClosure(manifest, keys)].map(fileOf);
    lazy.push({
      name,
      own: sized(keys.map(fileOf)),
      added: sized(new Set(reached.filter((file) => !initialFiles.has(file)))),
    });
  }
  return { loginJs: sized(jsFiles), loginCss: sized(cssFiles), lazy };
}
