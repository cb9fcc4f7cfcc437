import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

const API_TARGET = "http://localhost:3000";

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ENTRIES = {
  app: source("./src/web/main.tsx"),
  signIn: source("./src/web/login-main.tsx"),
};

/**
 * What each document's entry imports statically, transitively (before tree-shaking, so a
 * library's index brings all it re-exports: an over-estimate of what is shared, never less).
 * Filled once the module graph is complete (buildEnd), read when chunks are made.
 */
const closures = { app: new Set<string>(), signIn: new Set<string>() };

/**
 * The signed-in frame's chunk group (decision 016, "one chunk group for the signed-in frame"):
 * the modules the signed-in layout (`routes/_authed.tsx`) imports statically, and every lucide
 * icon only signed-in code imports, less anything signed-out code reaches. Without it, each
 * small module or icon shared by two signed-in routes was a chunk of its own, and a cold
 * /dossier fetched 93 files over HTTP/1.1's six connections. Filled in buildEnd.
 */
const frame = new Set<string>();
/**
 * Modules that two or more routes under one nested layout share and nothing outside it uses
 * (`_authed/dossier`'s folder queries, skeletons, grid…), by the chunk they go in, named after
 * the layout: one file each layout instead of a small chunk per set of routes. Filled in
 * buildEnd.
 */
const layoutShared = new Map<string, string>();

const ROUTES_DIR = source("./src/web/routes/");
/** The split chunks of the signed-in layout that showing it loads (not its error view). */
const isFrameRoute = (id: string) =>
  id.startsWith(`${ROUTES_DIR}_authed.tsx?`) && /[?&]tsr-split=(component|loader)/.test(id);
/**
 * Where signed-in code starts: the split chunks of `_authed` and the routes under it, and the
 * 404 page, which draws the signed-in frame (decision 016) and so loads it anyway.
 */
const isSignedInRoot = (id: string) =>
  id === source("./src/web/features/shell/components/not-found-page.tsx") ||
  ((id.startsWith(`${ROUTES_DIR}_authed.tsx?`) || id.startsWith(`${ROUTES_DIR}_authed/`)) &&
    id.includes("tsr-split="));
const isLucideIcon = (id: string) =>
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id);

function documentClosures(): Plugin {
  return {
    name: "atrium-document-closures",
    apply: "build",
    async buildEnd() {
      const closure = (entry: string) => {
        const seen = new Set<string>();
        const pending = [entry];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      closures.app = closure(ENTRIES.app);
      closures.signIn = closure(ENTRIES.signIn);

      // What signed-out code can load, now or later: the entries and every lazy part reached
      // from them (static and dynamic imports) without entering signed-in code. Through a
      // namespace barrel (`radix-ui`), only the packages the importer names are followed: the
      // barrel gathers every Radix primitive, and the sign-in form's `Label` must not make the
      // frame's dropdown menu count as signed-out.
      const moduleIds = [...this.getModuleIds()];
      const barrels = await namespaceBarrels(this, moduleIds);
      const signedOut = new Set<string>();
      const pending = [ENTRIES.app, ENTRIES.signIn];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (signedOut.has(id) || isSignedInRoot(id)) continue;
        signedOut.add(id);
        if (barrels.has(id)) continue;
        const info = this.getModuleInfo(id);
        for (const imported of [
          ...(info?.importedIds ?? []),
          ...(info?.dynamicallyImportedIds ?? []),
        ]) {
          pending.push(imported);
          const barrel = barrels.get(imported);
          if (!barrel) continue;
          const names = namedImports(info?.code ?? "", barrel.packageName);
          for (const [name, target] of barrel.targets) {
            if (names === undefined || names.has(name)) pending.push(target);
          }
        }
      }
      frame.clear();
      // A lazy part (a route's split, a dynamic import) keeps a chunk of its own, which the
      // manifest names: the server's route preloads and bench:bundle find it by that name.
      const lazyPart = (id: string) =>
        (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 || id.includes("tsr-split=");
      const take = (id: string) => {
        if (!signedOut.has(id) && !lazyPart(id)) frame.add(id);
      };
      for (const root of moduleIds.filter(isFrameRoute)) closure(root).forEach(take);
      moduleIds.filter(isLucideIcon).forEach(take);

      // The routes (by file, `_authed/dossier/index`) that statically reach each module.
      layoutShared.clear();
      const routeOf = (id: string) =>
        id.startsWith(ROUTES_DIR) && /[?&]tsr-split=(component|loader)/.test(id)
          ? id.slice(ROUTES_DIR.length).replace(/\.tsx?\?.*$/, "")
          : undefined;
      const reachedBy = new Map<string, Set<string>>();
      for (const root of moduleIds) {
        const route = routeOf(root);
        if (route === undefined) continue;
        for (const id of closure(root)) {
          if (signedOut.has(id) || frame.has(id) || lazyPart(id) || id.startsWith("\0")) continue;
          reachedBy.set(id, (reachedBy.get(id) ?? new Set()).add(route));
        }
      }
      const routes = new Set([...moduleIds].map(routeOf).filter((r) => r !== undefined));
      const layouts = [...routes].filter(
        (route) =>
          route.startsWith("_authed/") && [...routes].some((r) => r.startsWith(`${route}/`)),
      );
      const under = (layout: string) =>
        [...routes].filter((r) => r === layout || r.startsWith(`${layout}/`));
      for (const [id, by] of reachedBy) {
        if (by.size < 2) continue;
        const layout = layouts.find((l) => [...by].every((r) => r === l || r.startsWith(`${l}/`)));
        // Only what most of the layout's routes use: the rest load it for little.
        if (layout && by.size * 2 >= under(layout).length)
          layoutShared.set(id, `${layout.replace(/^_authed\//, "").replace(/\W+/g, "-")}-shared`);
      }
    },
  };
}

interface NamespaceBarrel {
  /** The name importers write (`radix-ui`). */
  packageName: string;
  /** Each name it exports, and the module that name is the namespace of. */
  targets: Map<string, string>;
}

/**
 * The library modules that only gather other packages as namespaces (`radix-ui`'s index:
 * `import * as Dialog from "@radix-ui/react-dialog"; … export { Dialog, … };`), by module id.
 */
async function namespaceBarrels(
  context: { getModuleInfo(id: string): { code: string | null } | null } & {
    resolve(source: string, importer: string): Promise<{ id: string } | null>;
  },
  moduleIds: string[],
): Promise<Map<string, NamespaceBarrel>> {
  const barrels = new Map<string, NamespaceBarrel>();
  for (const id of moduleIds.filter(isLibrary)) {
    const code = (context.getModuleInfo(id)?.code ?? "").replace(/\/\/.*$/gm, "");
    const imports = [...code.matchAll(/import \* as (\w+) from "([^"]+)";/g)];
    const rest = code.replace(/import \* as \w+ from "[^"]+";|export \{[^}]*\};/g, "").trim();
    const packageName = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1];
    if (imports.length < 3 || rest !== "" || packageName === undefined) continue;
    const targets = new Map<string, string>();
    for (const [, name, source] of imports) {
      const resolved = await context.resolve(source!, id);
      if (resolved) targets.set(name!, resolved.id);
    }
    barrels.set(id, { packageName: packageName.replace(/\\/g, "/"), targets });
  }
  return barrels;
}

/**
 * The names a module's code imports from a package by name (`import { Label as L } from
 * "radix-ui"` gives Label), or undefined when it takes more than named imports (a namespace,
 * a default, a re-export of everything) or none is found: then all of it counts.
 */
function namedImports(code: string, packageName: string): Set<string> | undefined {
  const from = `from\\s*["']${packageName.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["']`;
  const statements = [
    ...code.matchAll(new RegExp(`(?:import|export)\\s+([^;]*?)\\s*${from}`, "g")),
  ];
  const names = new Set<string>();
  for (const [, clause = ""] of statements) {
    const named = /^(?:type\s+)?\{([^}]*)\}$/.exec(clause.trim());
    if (!named) return undefined;
    for (const part of named[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return statements.length > 0 ? names : undefined;
}

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
// The entry modules stay in entry chunks of their own: a group chunk is also imported by the
// chunks of the other document's lazy routes, which must not run an entry's start-up code.
const isEntry = (id: string) => id === ENTRIES.app || id === ENTRIES.signIn;
const inBoth = (id: string) => closures.app.has(id) && closures.signIn.has(id);
const appOnly = (id: string) => !isEntry(id) && closures.app.has(id) && !closures.signIn.has(id);
const signInOnly = (id: string) => !isEntry(id) && closures.signIn.has(id) && !closures.app.has(id);

/**
 * The dev server answers a direct load of /login with the light sign-in document, as the
 * server does (src/server/http/web-app.ts; decision 016).
 */
function lightLoginDocument(): Plugin {
  return {
    name: "atrium-light-login-document",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? "").split("?", 2);
        if (req.method === "GET" && pathname === "/login") {
          req.url = `/login.html${query === undefined ? "" : `?${query}`}`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // Loaders go in a chunk of their own too, not in the entry: a loader reaches its
      // feature's contracts and their zod schemas, which /login does not need. The pending
      // view rides with the loader: it only shows while the loader runs, so it is there by
      // then (decision 016, amendment of issue 16). Components, error and not-found views
      // split as by default.
      codeSplittingOptions: {
        defaultBehavior: [
          ["loader", "pendingComponent"],
          ["component"],
          ["errorComponent"],
          ["notFoundComponent"],
        ],
      },
      routesDirectory: "./src/web/routes",
      generatedRouteTree: "./src/web/routeTree.gen.ts",
    }),
    react(),
    tailwindcss(),
    precompressAssets(),
    lightLoginDocument(),
    documentClosures(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what each chunk imports, read by bench/bundle-size.ts.
    manifest: true,
    rolldownOptions: {
      // Two documents: the app (index.html), and the light sign-in document a direct load of
      // /login gets (login.html: the sign-in screen without the router; decision 016).
      input: { main: source("./index.html"), "login-document": source("./login.html") },
      output: {
        // What each document loads in a few files, libraries and app, rather than a dozen: one
        // gzip stream compresses better, and the libraries stay cached across app releases.
        // What both documents load (React, Query, zod, the auth client, the UI primitives) is
        // shared, so the app finds it cached after /login; what only the app loads first (the
        // router, the route tree, the sync client) is `vendor-spa` and `spa`; what only the
        // light sign-in document loads first (the sign-in screen) is `sign-in`, which the app's
        // /login route imports too (decision 016).
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: (id) => isLibrary(id) && inBoth(id),
              tags: ["$initial"],
              priority: 5,
            },
            // The icons the light sign-in document shows go with what both documents share, as
            // when lucide's index put every icon in both closures: the landing page shows some of
            // them too, and must not import the `sign-in` chunk for them (decision 016).
            {
              name: "app",
              test: (id) => inBoth(id) || (isLucideIcon(id) && closures.signIn.has(id)),
              tags: ["$initial"],
              priority: 4,
            },
            {
              name: "vendor-spa",
              test: (id) => isLibrary(id) && appOnly(id),
              tags: ["$initial"],
              priority: 3,
            },
            { name: "spa", test: appOnly, tags: ["$initial"], priority: 2 },
            { name: "sign-in", test: signInOnly, tags: ["$initial"], priority: 1 },
            // The signed-in frame and the icons only signed-in pages show: one file fetched
            // with the first signed-in page instead of dozens of small shared chunks; nothing
            // signed out imports it (decision 016).
            // Only those modules: by default a group also takes the modules its modules import,
            // which would pull what signed-out code shares with the frame (a Radix primitive, an
            // icon of the landing page) in, and make the landing page import the frame. The set
            // is closed under static imports within signed-in code, so no chunk cycle follows.
            {
              name: "frame",
              test: (id) => !isEntry(id) && frame.has(id),
              includeDependenciesRecursively: false,
            },
            // What routes under one nested layout share (closed under their imports within it,
            // like the frame: only those modules).
            {
              name: (id) => layoutShared.get(id) ?? null,
              test: (id) => !isEntry(id) && layoutShared.has(id),
              includeDependenciesRecursively: false,
            },
            // recharts' own libraries in a chunk of their own (only /admin loads them), so
            // neither half passes the lazy-chunk budget (decision 016; decision 026).
            {
              name: "chart-libs",
              test: /[\\/]node_modules[\\/](d3-[a-z-]+|@reduxjs|immer|react-redux|redux|reselect|decimal\.js-light|es-toolkit|eventemitter3|victory-vendor|internmap|tiny-invariant)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: API_TARGET, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: API_TARGET, ws: true },
    },
  },
});
