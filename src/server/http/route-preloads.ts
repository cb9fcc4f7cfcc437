/**
 * Route preloads for the app document (decision 016, amendment "/dossier's first paint").
 *
 * A cold load of a signed-in page used to wait on a chain of round trips: the document, its
 * entry, the router, the signed-in frame's chunk, the route's loader chunk, then the data, with
 * each chunk's static imports found only once it had arrived. The server knows from Vite's
 * manifest which chunks a URL's routes need, so it names them all in the document
 * (`<link rel="modulepreload">`) and the browser fetches them beside the entry.
 *
 * The map is computed once, at start, from dist/.vite/manifest.json: the route files of
 * `src/web/routes` (TanStack Router's file-based routes, split by its plugin into a component
 * chunk and a loader chunk), the URL pattern of each, and the closure of each chunk's static
 * imports less what index.html loads already.
 */

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
};
export type ViteManifest = Record<string, ManifestChunk>;

const ROUTES_DIR = "src/web/routes/";
/** Only the first-load splits: error and not-found views are fetched when one shows. */
const FIRST_LOAD_SPLIT = /\?tsr-split=(component|loader[^&]*)$/;

type Segment = { kind: "static"; value: string } | { kind: "param" } | { kind: "splat" };
type RouteFile = {
  /** The route file's path under src/web/routes, without extension: "_authed/dossier/index". */
  id: string;
  segments: Segment[];
  /** index routes match their path exactly; other files also match what lies below them. */
  exact: boolean;
  chunks: string[];
};

/** A route file's URL pattern: pathless (`_x`, `(x)`) segments drop out, `$x` is a param. */
function parseRouteId(id: string): { segments: Segment[]; exact: boolean } {
  const parts = id.split("/");
  const segments: Segment[] = [];
  let exact = false;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    if (part === "__root") return;
    if (last && part === "index") {
      exact = true;
      return;
    }
    if (part.startsWith("_") || /^\(.*\)$/.test(part)) return;
    const name = part.replace(/_$/, "");
    if (name === "$") segments.push({ kind: "splat" });
    else if (name.startsWith("$")) segments.push({ kind: "param" });
    else segments.push({ kind: "static", value: name });
  });
  return { segments, exact };
}

function matches(route: RouteFile, url: string[]): boolean {
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    // A splat takes the rest, one segment at least (/dossier is the index route, not /dossier/$).
    if (segment.kind === "splat") return url.length > i;
    const part = url[i];
    if (part === undefined) return false;
    if (segment.kind === "static" && segment.value !== part.toLowerCase()) return false;
  }
  return route.exact ? url.length === route.segments.length : true;
}

/** F loses to G where, at the first position they differ, G is static and F is dynamic. */
function outranked(f: RouteFile, g: RouteFile): boolean {
  const n = Math.min(f.segments.length, g.segments.length);
  for (let i = 0; i < n; i++) {
    const a = f.segments[i]!;
    const b = g.segments[i]!;
    if (a.kind === "static" && b.kind === "static" && a.value === b.value) continue;
    if (a.kind === b.kind && a.kind !== "static") continue;
    return a.kind !== "static" && b.kind === "static";
  }
  return false;
}

/**
 * Builds `preloadsFor(pathname)`: the asset URLs ("/assets/x.js") to modulepreload for a
 * page, beyond what `document` (the manifest key of the HTML file, "index.html") loads.
 */
export function routePreloads(manifest: ViteManifest, document = "index.html") {
  const closure = (keys: string[], into = new Set<string>()) => {
    const pending = [...keys];
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      if (into.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) continue;
      into.add(key);
      pending.push(...(chunk.imports ?? []));
    }
    return into;
  };
  const loaded = closure(manifest[document] ? [document] : []);

  const byRoute = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    if (!key.startsWith(ROUTES_DIR) || !FIRST_LOAD_SPLIT.test(key)) continue;
    const id = key
      .slice(ROUTES_DIR.length)
      .replace(/\?.*$/, "")
      .replace(/\.[jt]sx?$/, "");
    byRoute.set(id, [...(byRoute.get(id) ?? []), key]);
  }
  const routes: RouteFile[] = [...byRoute].map(([id, keys]) => ({
    id,
    ...parseRouteId(id),
    chunks: [...closure(keys)]
      .filter((key) => !loaded.has(key))
      .map((key) => `/${manifest[key]!.file}`),
  }));

  const hasChildren = new Set(
    routes.filter((f) => routes.some((g) => g.id.startsWith(`${f.id}/`))).map((f) => f.id),
  );
  const cache = new Map<string, string[]>();
  return function preloadsFor(pathname: string): string[] {
    const url = pathname.split("/").filter((part) => part !== "");
    // The page's route is a leaf (a file with no routes below it) that matches; where two do
    // (/dossier/favorites and /dossier/$), the static one wins, as in the router. Its layouts
    // are the matching files above it (_authed, dossier): a pathless layout matches every URL,
    // so it counts only above a chosen leaf, and an unknown URL (the 404 page) preloads nothing.
    const found = routes.filter((route) => matches(route, url));
    const leaves = found.filter((route) => !hasChildren.has(route.id));
    const best = leaves.filter((f) => !leaves.some((g) => g !== f && outranked(f, g)));
    const chosen = [
      ...best,
      ...found.filter(
        (layout) =>
          hasChildren.has(layout.id) && best.some((leaf) => leaf.id.startsWith(`${layout.id}/`)),
      ),
    ];
    const key = chosen
      .map((route) => route.id)
      .sort()
      .join("|");
    let files = cache.get(key);
    if (!files) {
      files = [...new Set(chosen.flatMap((route) => route.chunks))].sort();
      cache.set(key, files);
    }
    return files;
  };
}

/** The `<link rel="modulepreload">` tags for `files`, as Vite writes them (crossorigin). */
export const modulePreloadTags = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("\n    ");
