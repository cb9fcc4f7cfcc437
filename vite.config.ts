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

function documentClosures(): Plugin {
  return {
    name: "atrium-document-closures",
    apply: "build",
    buildEnd() {
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
    },
  };
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
            { name: "app", test: inBoth, tags: ["$initial"], priority: 4 },
            {
              name: "vendor-spa",
              test: (id) => isLibrary(id) && appOnly(id),
              tags: ["$initial"],
              priority: 3,
            },
            { name: "spa", test: appOnly, tags: ["$initial"], priority: 2 },
            { name: "sign-in", test: signInOnly, tags: ["$initial"], priority: 1 },
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
