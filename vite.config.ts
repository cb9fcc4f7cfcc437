import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

const API_TARGET = "http://localhost:3000";

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
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what each chunk imports, read by bench/bundle-size.ts.
    manifest: true,
    rolldownOptions: {
      output: {
        // What index.html loads in two files, libraries and app, rather than a dozen: one
        // gzip stream compresses better, and the libraries stay cached across app releases.
        codeSplitting: {
          groups: [
            { name: "vendor", test: /[\\/]node_modules[\\/]/, tags: ["$initial"] },
            { name: "app", tags: ["$initial"] },
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
