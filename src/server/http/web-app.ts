import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { AppError } from "#shared/errors.ts";
import type { Config } from "../config.ts";
import { modulePreloadTags, routePreloads, type ViteManifest } from "./route-preloads.ts";
import { appCsp } from "./security-headers.ts";

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../dist");

/** The app answers unknown /api/ paths first (http/app.ts); this only guards this sub-app alone. */
const noApiRoute = (method: string, path: string): never => {
  throw new AppError("NOT_FOUND", `No API route ${method} ${path}.`);
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** index.html with APP_NAME in the title and application-name meta, plus its CSP. */
export function renderIndex(html: string, appName: string): { html: string; csp: string } {
  const name = escapeHtml(appName);
  const out = html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`)
    .replace(/(<meta name="apple-mobile-web-app-title" content=")[^"]*(")/, `$1${name}$2`);
  const hashes = [...out.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `sha256-${createHash("sha256")
        .update(m[1] ?? "")
        .digest("base64")}`,
  );
  return { html: out, csp: appCsp(hashes) };
}

/** The path that gets the light sign-in document when loaded directly (decision 016). */
export const SIGN_IN_PATH = "/login";

/**
 * The built web app: hashed assets cached for a year (brotli or gzip when the
 * browser takes it); a direct load of /login gets the light sign-in document
 * (login.html: the sign-in screen without the router; decision 016), every
 * other path gets index.html, the app, whose router draws the page (its own
 * /login route included, for navigation inside the app).
 */
export function webAppRoutes(config: Config, distDir = DIST_DIR) {
  const routes = new Hono();
  const pages = new Map<string, { html: string; csp: string }>();
  const loadPage = (name: "index.html" | "login.html") => {
    const file = path.join(distDir, name);
    if (!pages.has(name) && fs.existsSync(file))
      pages.set(name, renderIndex(fs.readFileSync(file, "utf8"), config.appName));
    return pages.get(name);
  };
  // The chunks each page's routes need on a cold load, named in the app document so they are
  // fetched beside its entry rather than one round trip after another (decision 016).
  const preloadsFor = readRoutePreloads(distDir);
  const withPreloads = new Map<string, string>();
  const appDocument = (page: { html: string }, pathname: string) => {
    const files = preloadsFor(pathname);
    if (files.length === 0) return page.html;
    const key = files.join(" ");
    let html = withPreloads.get(key);
    if (html === undefined) {
      html = page.html.replace("</head>", `  ${modulePreloadTags(files)}\n  </head>`);
      // One entry per set of routes, a few dozen at most.
      if (withPreloads.size < 500) withPreloads.set(key, html);
    }
    return html;
  };

  if (!fs.existsSync(distDir)) {
    routes.get("*", (c) =>
      c.req.path.startsWith("/api/")
        ? noApiRoute(c.req.method, c.req.path)
        : c.text(
            "The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.",
            503,
          ),
    );
    return routes;
  }
  const serveAsset = serveStatic({
    root: path.relative(process.cwd(), distDir) || ".",
    // The build writes .br and .gz copies (scripts/precompress-assets.ts).
    precompressed: true,
  });
  routes.get("/assets/*", async (c) => {
    // Set before serving: serveStatic's onFound runs once the response is already built.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    const found = await serveAsset(c, async () => undefined);
    if (found) return found;
    // A chunk of another build (a tab open across a deploy): a clear 404, not the page as script.
    c.header("Cache-Control", "no-store");
    return c.text("Not found", 404);
  });
  // Files of public/ (icons, the manifest), kept an hour: their names do not change.
  const servePublicFile = serveStatic({ root: path.relative(process.cwd(), distDir) || "." });
  routes.use("*", async (c, next) => {
    const requested = c.req.path;
    const isPage = requested.endsWith("/") || requested.endsWith(".html");
    if (c.req.method !== "GET" || requested.startsWith("/api/") || isPage) return next();
    c.header("Cache-Control", "public, max-age=3600");
    return servePublicFile(c, next);
  });
  routes.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return noApiRoute(c.req.method, c.req.path);
    // A build from before the light document has no login.html: the app draws /login then.
    const lightPage = c.req.path === SIGN_IN_PATH ? loadPage("login.html") : undefined;
    const page = lightPage ?? loadPage("index.html");
    if (!page) {
      return c.text(
        "The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.",
        503,
      );
    }
    c.header("Content-Security-Policy", page.csp);
    c.header("Cache-Control", "no-cache");
    return c.html(lightPage ? page.html : appDocument(page, c.req.path));
  });
  return routes;
}

/** The route preload map from the build's manifest; none (a no-op) without one. */
function readRoutePreloads(distDir: string): (pathname: string) => string[] {
  const file = path.join(distDir, ".vite", "manifest.json");
  if (!fs.existsSync(file)) return () => [];
  try {
    return routePreloads(JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest);
  } catch (error) {
    console.error("Could not read the build manifest; pages go without route preloads", error);
    return () => [];
  }
}
