import { describe, expect, it } from "vitest";
import {
  analyzeBundle,
  htmlAssets,
  layoutsOf,
  lazyEntries,
  type Manifest,
  total,
} from "./bundle-analysis.ts";

/** A small build: the entry, two routes split by TanStack Router, a lazy module and an error view. */
const manifest: Manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_vendor.js"],
    dynamicImports: [
      "src/web/routes/login.tsx?tsr-split=component",
      "src/web/routes/_authed/dossier.tsx?tsr-split=component",
      "src/web/routes/_authed/dossier.tsx?tsr-split=errorComponent",
      "src/web/features/chat/components/markdown/markdown.tsx",
    ],
    css: ["assets/index.css"],
  },
  "_vendor.js": { file: "assets/vendor.js" },
  "_form.js": { file: "assets/form.js", imports: ["_vendor.js"] },
  "_dialog.js": { file: "assets/dialog.js", imports: ["_vendor.js"] },
  "src/web/routes/login.tsx?tsr-split=component": {
    file: "assets/login.js",
    isDynamicEntry: true,
    imports: ["index.html", "_form.js"],
  },
  "src/web/routes/_authed/dossier.tsx?tsr-split=component": {
    file: "assets/dossier.js",
    isDynamicEntry: true,
    imports: ["index.html", "_form.js", "_dialog.js"],
  },
  "src/web/routes/_authed/dossier.tsx?tsr-split=errorComponent": {
    file: "assets/dossier-error.js",
    isDynamicEntry: true,
    imports: ["index.html"],
  },
  "src/web/features/chat/components/markdown/markdown.tsx": {
    file: "assets/markdown.js",
    isDynamicEntry: true,
    imports: ["_dialog.js"],
  },
};

const html = [
  "<head>",
  '<script src="/theme-init.js"></script>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
  '<link rel="icon" href="/favicon.svg">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  "</head>",
].join("\n");

const sizes: Record<string, number> = {
  "assets/index.js": 1000,
  "assets/vendor.js": 5000,
  "assets/form.js": 300,
  "assets/dialog.js": 700,
  "assets/login.js": 200,
  "assets/dossier.js": 900,
  "assets/dossier-error.js": 50,
  "assets/markdown.js": 4000,
  "assets/index.css": 400,
};
const gzipSize = (file: string) => sizes[file] ?? Number.NaN;

describe("bundle analysis", () => {
  it("reads the module scripts, module preloads and stylesheets of index.html", () => {
    expect(htmlAssets(html)).toEqual({
      scripts: ["assets/index.js", "assets/vendor.js"],
      styles: ["assets/index.css"],
    });
  });

  it("names routes by file and other lazy modules by source, leaving error views out", () => {
    expect(lazyEntries(manifest)).toEqual(
      new Map([
        ["routes/login.tsx", ["src/web/routes/login.tsx?tsr-split=component"]],
        ["routes/_authed/dossier.tsx", ["src/web/routes/_authed/dossier.tsx?tsr-split=component"]],
        [
          "features/chat/components/markdown/markdown.tsx",
          ["src/web/features/chat/components/markdown/markdown.tsx"],
        ],
      ]),
    );
  });

  it("counts for /login, in a build without the light document, what index.html loads and what the login route needs", () => {
    const report = analyzeBundle(manifest, { app: html }, gzipSize);
    expect(report.loginDocument).toBe("index.html");
    expect(report.loginJs.map((f) => f.file)).toEqual([
      "assets/vendor.js",
      "assets/index.js",
      "assets/form.js",
      "assets/login.js",
    ]);
    expect(total(report.loginJs)).toBe(6500);
    expect(report.loginCss).toEqual([{ file: "assets/index.css", gzip: 400 }]);
  });

  it("counts for every other lazy part only what it adds to /login's set, routes first", () => {
    const report = analyzeBundle(manifest, { app: html }, gzipSize);
    expect(report.lazy.map(({ name, added }) => [name, added.map((f) => f.file)])).toEqual([
      ["routes/_authed/dossier.tsx", ["assets/dossier.js", "assets/dialog.js"]],
      [
        "features/chat/components/markdown/markdown.tsx",
        ["assets/markdown.js", "assets/dialog.js"],
      ],
    ]);
  });

  it("counts for /login what the light sign-in document loads, when the build has one", () => {
    const withLight: Manifest = {
      ...manifest,
      "login.html": {
        file: "assets/login-document.js",
        isEntry: true,
        imports: ["_vendor.js", "_form.js"],
        css: ["assets/index.css"],
      },
    };
    const loginHtml = [
      '<script type="module" crossorigin src="/assets/login-document.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
    ].join("\n");
    const sizesWithLight = (file: string) =>
      file === "assets/login-document.js" ? 150 : gzipSize(file);
    const report = analyzeBundle(withLight, { app: html, login: loginHtml }, sizesWithLight);
    expect(report.loginDocument).toBe("login.html");
    expect(report.loginJs.map((f) => f.file)).toEqual([
      "assets/vendor.js",
      "assets/form.js",
      "assets/login-document.js",
    ]);
    expect(report.loginCss).toEqual([{ file: "assets/index.css", gzip: 400 }]);
    // The app's document is reported on its own; routes still count beyond the app's /login.
    expect(report.appJs.map((f) => f.file)).toEqual(["assets/vendor.js", "assets/index.js"]);
    expect(report.lazy.map(({ name, added }) => [name, added.map((f) => f.file)])).toEqual([
      ["routes/_authed/dossier.tsx", ["assets/dossier.js", "assets/dialog.js"]],
      [
        "features/chat/components/markdown/markdown.tsx",
        ["assets/markdown.js", "assets/dialog.js"],
      ],
    ]);
    // A login.html without its entry in the manifest (another build) is not taken for it.
    expect(analyzeBundle(manifest, { app: html, login: loginHtml }, gzipSize).loginDocument).toBe(
      "index.html",
    );
  });

  it("finds a route file's layouts, outermost first, and none for other lazy modules", () => {
    const names = new Set([
      "routes/_authed.tsx",
      "routes/_authed/dossier.tsx",
      "routes/_authed/dossier/index.tsx",
      "routes/_authed/admin/route.tsx",
      "routes/_authed/admin/users/index.tsx",
      "features/chat/components/markdown/markdown.tsx",
    ]);
    expect(layoutsOf("routes/_authed/dossier/index.tsx", names)).toEqual([
      "routes/_authed.tsx",
      "routes/_authed/dossier.tsx",
    ]);
    expect(layoutsOf("routes/_authed/admin/users/index.tsx", names)).toEqual([
      "routes/_authed.tsx",
      "routes/_authed/admin/route.tsx",
    ]);
    // A directory without a layout file (users/) adds none; a layout is not its own layout.
    expect(layoutsOf("routes/_authed/admin/route.tsx", names)).toEqual(["routes/_authed.tsx"]);
    expect(layoutsOf("routes/_authed.tsx", names)).toEqual([]);
    expect(layoutsOf("features/chat/components/markdown/markdown.tsx", names)).toEqual([]);
  });

  it("counts a nested route beyond the chunks its layouts load, so a shared chunk counts once", () => {
    const nested: Manifest = {
      ...manifest,
      "_frame.js": { file: "assets/frame.js", imports: ["_vendor.js"] },
      "_grid.js": { file: "assets/grid.js" },
      "src/web/routes/_authed.tsx?tsr-split=component": {
        file: "assets/authed.js",
        isDynamicEntry: true,
        imports: ["index.html", "_frame.js"],
      },
      "src/web/routes/_authed/dossier.tsx?tsr-split=component": {
        file: "assets/dossier.js",
        isDynamicEntry: true,
        imports: ["index.html", "_form.js", "_dialog.js", "_frame.js"],
      },
      "src/web/routes/_authed/dossier/index.tsx?tsr-split=component": {
        file: "assets/dossier-index.js",
        isDynamicEntry: true,
        imports: ["index.html", "_frame.js", "_dialog.js", "_grid.js"],
      },
    };
    const sized = (file: string) =>
      ({ "assets/frame.js": 8000, "assets/grid.js": 600, "assets/authed.js": 100 })[file] ??
      sizes[file] ??
      (file === "assets/dossier-index.js" ? 250 : Number.NaN);
    const report = analyzeBundle(nested, { app: html }, sized);
    const byName = new Map(report.lazy.map((entry) => [entry.name, entry]));
    // The frame is the signed-in layout's; the dossier layout adds its own and the dialog; the
    // index page adds only what neither layout loads.
    expect(byName.get("routes/_authed.tsx")?.added.map((f) => f.file)).toEqual([
      "assets/frame.js",
      "assets/authed.js",
    ]);
    expect(byName.get("routes/_authed/dossier.tsx")?.added.map((f) => f.file)).toEqual([
      "assets/dossier.js",
      "assets/dialog.js",
    ]);
    expect(byName.get("routes/_authed/dossier/index.tsx")).toMatchObject({
      countedBeyond: ["routes/_authed.tsx", "routes/_authed/dossier.tsx"],
      added: [
        { file: "assets/grid.js", gzip: 600 },
        { file: "assets/dossier-index.js", gzip: 250 },
      ],
    });
    // Other lazy modules still count everything beyond /login's set.
    expect(
      byName.get("features/chat/components/markdown/markdown.tsx")?.added.map((f) => f.file),
    ).toEqual(["assets/markdown.js", "assets/dialog.js"]);
  });

  it("fails loudly on a manifest without the login route", () => {
    expect(() => analyzeBundle(manifest, { app: html }, gzipSize, "routes/sign-in.tsx")).toThrow(
      "No chunk of the route routes/sign-in.tsx",
    );
  });
});
