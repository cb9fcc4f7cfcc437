/**
 * What a page of the built web app downloads, read from Vite's manifest and the built HTML
 * documents (dist/index.html, the app; dist/login.html, the light sign-in document the server
 * sends for a direct load of /login: decision 016). Pure functions (sizes come from a callback)
 * so the rules are unit-tested; the command that builds, measures and checks the budget is
 * bench/bundle-size.ts.
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

/**
 * The manifest key of the chunk an HTML document loads (`index.html`, `login.html`). A build with
 * a single entry answers that one for `index.html`.
 */
export function entryKey(manifest: Manifest, document = "index.html"): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const named = entries.find(([key, chunk]) => key === document || chunk.src === document);
  if (named) return named[0];
  const [entry] = entries;
  if (!entry || entries.length !== 1 || document !== "index.html") {
    throw new Error(`No entry chunk for ${document} in the manifest (${entries.length} entries)`);
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
  /**
   * What it is counted beyond, besides /login's set: for a nested route its layout route files
   * (`routes/_authed.tsx`, `routes/_authed/dossier.tsx`), outermost first; for another lazy
   * module loaded only from inside routes or lazy modules, those places (what every one of them
   * has loaded is there whenever it loads); empty when the app's document itself loads it.
   */
  countedBeyond: string[];
  /** Its own chunks. */
  own: SizedFile[];
  /**
   * Every chunk it loads beyond /login's initial set and beyond what is surely loaded already
   * when it loads (`countedBeyond`: the router loads a route's layouts with it, so a chunk it
   * shares with one counts there, once), largest first.
   */
  added: SizedFile[];
}

export interface BundleReport {
  /**
   * The document a direct load of /login gets: `login.html`, the light sign-in document, or, for
   * a build without it, `index.html` (the app and its /login route).
   */
  loginDocument: "login.html" | "index.html";
  /** JavaScript /login loads or preloads before sign-in, largest first. */
  loginJs: SizedFile[];
  /** Stylesheets /login loads (reported, not budgeted). */
  loginCss: SizedFile[];
  /**
   * JavaScript the app's document (index.html) loads or preloads, largest first: what the first
   * signed-in page loads before its route's own chunks.
   */
  appJs: SizedFile[];
  /** Routes and other lazy modules, routes first. */
  lazy: LazyReport[];
}

/** The built HTML documents, as text: the app's, and the light sign-in document if built. */
export interface BuiltDocuments {
  app: string;
  login?: string;
}

/**
 * The layout route files above a route file, outermost first, among the lazy entries `names`:
 * for `routes/_authed/dossier/index.tsx`, `routes/_authed.tsx` and `routes/_authed/dossier.tsx`
 * (TanStack Router's file routes: a directory's layout is the file beside it of the same name,
 * or `route.tsx` inside it). A name that is not a route file has none.
 */
export function layoutsOf(name: string, names: ReadonlySet<string>): string[] {
  if (!name.startsWith("routes/")) return [];
  const parts = name.split("/").slice(1, -1);
  const layouts: string[] = [];
  for (let depth = 1; depth <= parts.length; depth++) {
    const directory = ["routes", ...parts.slice(0, depth)].join("/");
    const layout = [`${directory}.tsx`, `${directory}.ts`, `${directory}/route.tsx`].find(
      (candidate) => candidate !== name && names.has(candidate),
    );
    if (layout) layouts.push(layout);
  }
  return layouts;
}

export const total = (files: SizedFile[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/**
 * /login's initial set is what its document loads or preloads: login.html's entry and its static
 * imports when the build has the light sign-in document, else (an older build) index.html's entry
 * plus the app's login route chunks and their static imports. Every route or other lazy module
 * is measured as what loading it adds to what the app had on its own /login route (index.html's
 * set plus the login route's chunks), as before the light document, so the recorded sizes of
 * routes keep their meaning; a nested route, beyond that, as what it adds to its layouts (a
 * chunk it shares with `routes/_authed.tsx` is counted for the signed-in frame, not again for
 * each page in it), and a lazy module that only signed-in code imports as what it adds to
 * what all the places that import it have loaded (decision 016, "counted beyond layouts").
 */
export function analyzeBundle(
  manifest: Manifest,
  documents: BuiltDocuments,
  gzipSize: (file: string) => number,
  loginRoute = "routes/login.tsx",
): BundleReport {
  const entries = lazyEntries(manifest);
  const login = entries.get(loginRoute);
  if (!login) throw new Error(`No chunk of the route ${loginRoute} in the manifest`);
  const fileOf = (key: string) => manifest[key]!.file;
  const documentSet = (html: string, roots: string[]) => {
    const keys = staticClosure(manifest, roots);
    const fromHtml = htmlAssets(html);
    return {
      js: new Set([...fromHtml.scripts, ...[...keys].map(fileOf)]),
      css: new Set([...fromHtml.styles, ...[...keys].flatMap((key) => manifest[key]!.css ?? [])]),
    };
  };
  const appEntry = entryKey(manifest, "index.html");
  const app = documentSet(documents.app, [appEntry]);
  const appOnLogin = documentSet(documents.app, [appEntry, ...login]);
  const lightLoginEntry = Object.entries(manifest).find(
    ([key, chunk]) => chunk.isEntry && (key === "login.html" || chunk.src === "login.html"),
  )?.[0];
  const lightLogin = documents.login !== undefined && lightLoginEntry !== undefined;
  const loginSet = lightLogin ? documentSet(documents.login ?? "", [lightLoginEntry]) : appOnLogin;
  const sized = (files: Iterable<string>) =>
    [...files].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const order = (name: string) => `${name.startsWith("routes/") ? 0 : 1}${name}`;
  const lazy: LazyReport[] = [];
  const reachedKeys = new Map(
    [...entries].map(([name, keys]) => [name, staticClosure(manifest, keys)]),
  );
  const reachedFiles = (name: string) => [...(reachedKeys.get(name) ?? [])].map(fileOf);
  const names = new Set(entries.keys());
  const documentKeys = new Set([
    ...staticClosure(manifest, [appEntry]),
    ...(lightLogin ? staticClosure(manifest, [lightLoginEntry]) : []),
  ]);
  // What is surely loaded when a lazy module loads, beyond /login's set: for a route, what its
  // layouts load; for another lazy module, what every place that imports it has loaded (that
  // place's chunks and what is surely there with it); nothing more when a document loads it.
  const beyond = new Map<string, { places: string[]; files: Set<string> }>();
  const surelyLoaded = (
    name: string,
    visiting: Set<string>,
  ): { places: string[]; files: Set<string> } => {
    const known = beyond.get(name);
    if (known) return known;
    const none = { places: [], files: new Set<string>() };
    let found: { places: string[]; files: Set<string> } = none;
    if (name.startsWith("routes/")) {
      const layouts = layoutsOf(name, names);
      found = { places: layouts, files: new Set(layouts.flatMap(reachedFiles)) };
    } else {
      const own = new Set(entries.get(name));
      const importers = Object.keys(manifest).filter((key) =>
        manifest[key]!.dynamicImports?.some((imported) => own.has(imported)),
      );
      const places = [...names].filter(
        (place) => place !== name && importers.some((key) => reachedKeys.get(place)?.has(key)),
      );
      const fromDocument = importers.some((key) => documentKeys.has(key));
      if (!fromDocument && places.length > 0 && !places.some((place) => visiting.has(place))) {
        const next = new Set([...visiting, name]);
        const loadedWith = places.map(
          (place) => new Set([...reachedFiles(place), ...surelyLoaded(place, next).files]),
        );
        const [first, ...rest] = loadedWith;
        found = {
          places,
          files: new Set([...first!].filter((file) => rest.every((set) => set.has(file)))),
        };
      }
    }
    if (found !== none || visiting.size === 0) beyond.set(name, found);
    return found;
  };
  for (const [name, keys] of [...entries].sort(([a], [b]) => order(a).localeCompare(order(b)))) {
    if (name === loginRoute) continue;
    const { places, files } = surelyLoaded(name, new Set());
    lazy.push({
      name,
      countedBeyond: places,
      own: sized(keys.map(fileOf)),
      added: sized(
        new Set(reachedFiles(name).filter((file) => !appOnLogin.js.has(file) && !files.has(file))),
      ),
    });
  }
  return {
    loginDocument: lightLogin ? "login.html" : "index.html",
    loginJs: sized(loginSet.js),
    loginCss: sized(loginSet.css),
    appJs: sized(app.js),
    lazy,
  };
}
