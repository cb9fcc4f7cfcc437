import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { routePreloads, type ViteManifest } from "./route-preloads.ts";
import { webAppRoutes } from "./web-app.ts";

const R = "src/web/routes/";
const chunk = (file: string, imports: string[] = []) => ({ file: `assets/${file}`, imports });
/** A manifest shaped like the build's: an entry, a pathless signed-in frame, a dossier. */
const manifest: ViteManifest = {
  "index.html": { ...chunk("main.js", ["_vendor.js"]), isEntry: true },
  "login.html": { ...chunk("login-document.js", ["_vendor.js"]), isEntry: true },
  "_vendor.js": chunk("vendor.js"),
  "_shell.js": chunk("shell.js", ["_vendor.js"]),
  "_queries.js": chunk("queries.js"),
  [`${R}__root.tsx?tsr-split=notFoundComponent`]: chunk("not-found.js"),
  [`${R}index.tsx?tsr-split=component`]: chunk("landing.js", ["_vendor.js"]),
  [`${R}login.tsx?tsr-split=component`]: chunk("login.js"),
  [`${R}_authed.tsx?tsr-split=component`]: chunk("authed.js", ["_shell.js"]),
  [`${R}_authed/dossier.tsx?tsr-split=component`]: chunk("dossier-layout.js"),
  [`${R}_authed/dossier.tsx?tsr-split=loader---pendingComponent`]: chunk("dossier-loader.js", [
    "_queries.js",
  ]),
  [`${R}_authed/dossier.tsx?tsr-split=errorComponent`]: chunk("dossier-error.js"),
  [`${R}_authed/dossier/index.tsx?tsr-split=component`]: chunk("folder-page.js"),
  [`${R}_authed/dossier/$.tsx?tsr-split=component`]: chunk("folder-at-path.js"),
  [`${R}_authed/dossier/favorites.tsx?tsr-split=component`]: chunk("favorites.js"),
  [`${R}_authed/threads/$threadId.tsx?tsr-split=component`]: chunk("thread.js"),
};

describe("route preloads (decision 016)", () => {
  const preloadsFor = routePreloads(manifest);

  it("name a page's route, its layouts and their static imports, less what the entry loads", () => {
    expect(preloadsFor("/dossier")).toEqual([
      "/assets/authed.js",
      "/assets/dossier-layout.js",
      "/assets/dossier-loader.js",
      "/assets/folder-page.js",
      "/assets/queries.js",
      "/assets/shell.js",
    ]);
    expect(preloadsFor("/dossier/contracts/2024")).toContain("/assets/folder-at-path.js");
    expect(preloadsFor("/dossier/contracts/2024")).not.toContain("/assets/folder-page.js");
    expect(preloadsFor("/threads/abc")).toContain("/assets/thread.js");
  });

  it("prefer a static route to a splat, as the router does", () => {
    const files = preloadsFor("/dossier/favorites");
    expect(files).toContain("/assets/favorites.js");
    expect(files).not.toContain("/assets/folder-at-path.js");
  });

  it("leave out error views, and name nothing for an unknown page or the signed-in frame alone", () => {
    expect(preloadsFor("/dossier")).not.toContain("/assets/dossier-error.js");
    expect(preloadsFor("/no-such-page")).toEqual([]);
    expect(preloadsFor("/")).toEqual(["/assets/landing.js"]);
  });
});

describe("the app document", () => {
  it("carries the page's route preloads; the light /login document does not", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "atrium-dist-"));
    mkdirSync(path.join(dist, ".vite"));
    writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><head><title>x</title></head>");
    writeFileSync(path.join(dist, "login.html"), "<!doctype html><head><title>x</title></head>");
    const app = webAppRoutes(loadConfig({ DATA_DIR: tmpdir() }), dist);

    const dossier = await (await app.request("/dossier")).text();
    expect(dossier).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/folder-page.js">',
    );
    expect(dossier.indexOf("modulepreload")).toBeLessThan(dossier.indexOf("</head>"));
    const login = await (await app.request("/login?redirect=%2Fdossier")).text();
    expect(login).not.toContain("modulepreload");
    const unknown = await (await app.request("/no-such-page")).text();
    expect(unknown).not.toContain("modulepreload");
  });
});
