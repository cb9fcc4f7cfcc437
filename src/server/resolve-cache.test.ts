import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createResolveCache } from "./resolve-cache.ts";

const PARENT = "file:///app/node_modules/pkg/dist/index.js";

function withNode() {
  const calls: string[] = [];
  const next = (specifier: string, context?: { parentURL?: string }) => {
    calls.push(specifier);
    return { url: new URL(specifier, context?.parentURL).href, format: "module" };
  };
  return { calls, next };
}

describe("createResolveCache", () => {
  it("asks Node for the first file of a directory, then resolves its neighbours itself", () => {
    const { resolve: hook, stats } = createResolveCache();
    const { calls, next } = withNode();
    expect(hook("./a.js", { parentURL: PARENT }, next)).toEqual({
      url: "file:///app/node_modules/pkg/dist/a.js",
      format: "module",
    });
    expect(hook("./b.js", { parentURL: PARENT }, next)).toEqual({
      url: "file:///app/node_modules/pkg/dist/b.js",
      format: "module",
      shortCircuit: true,
    });
    // Another directory is Node's again, once.
    hook("../lib/c.js", { parentURL: PARENT }, next);
    hook("../lib/d.js", { parentURL: PARENT }, next);
    // An absolute path or URL into a known directory (how a test runner imports) too.
    expect(hook("/app/node_modules/pkg/lib/e.js", { parentURL: PARENT }, next)).toEqual({
      url: "file:///app/node_modules/pkg/lib/e.js",
      format: "module",
      shortCircuit: true,
    });
    hook("file:///app/node_modules/pkg/lib/f.js", {}, next);
    expect(calls).toEqual(["./a.js", "../lib/c.js"]);
    expect(stats).toEqual({ shortcuts: 4, throughNode: 2 });
  });

  it("leaves bare names, our own files, other extensions and attributes to Node", () => {
    const { resolve: hook, stats } = createResolveCache();
    const { calls, next } = withNode();
    hook("./a.js", { parentURL: PARENT }, next);
    hook("drizzle-orm", { parentURL: PARENT }, next);
    hook("#internal.js", { parentURL: PARENT }, next);
    hook("./data.json", { parentURL: PARENT }, next);
    hook("./b.cjs", { parentURL: PARENT }, next);
    hook("./c.js", { parentURL: PARENT, importAttributes: { type: "json" } }, next);
    hook("./e.js", { parentURL: "file:///app/src/server/main.ts" }, next);
    hook("./f%2Fg.js", { parentURL: PARENT }, next);
    expect(calls).toHaveLength(8);
    expect(stats.shortcuts).toBe(0);
  });

  it("keeps no format for a directory Node resolved elsewhere (a symbolic link)", () => {
    const { resolve: hook, stats } = createResolveCache();
    const linked = () => ({ url: "file:///elsewhere/a.js", format: "module" });
    hook("./a.js", { parentURL: PARENT }, linked);
    hook("./b.js", { parentURL: PARENT }, linked);
    expect(stats).toEqual({ shortcuts: 0, throughNode: 2 });
  });

  it("resolves the server's whole module graph exactly as Node does", () => {
    // A child process imports the server with and without the shortcut and lists every
    // module URL it loaded with its format (from the loader's own resolve results).
    const root = resolve(import.meta.dirname, "../..");
    const script = `
      import { registerHooks } from "node:module";
      const seen = [];
      let stats = null;
      if (process.env.WITH_CACHE) {
        const { createResolveCache } = await import(${JSON.stringify(resolve(import.meta.dirname, "resolve-cache.ts"))});
        const cache = createResolveCache();
        stats = cache.stats;
        registerHooks({ resolve: (s, c, n) => { const r = cache.resolve(s, c, n); seen.push(r.url + " " + r.format); return r; } });
      } else {
        registerHooks({ resolve: (s, c, n) => { const r = n(s, c); seen.push(r.url + " " + r.format); return r; } });
      }
      await import(${JSON.stringify(resolve(root, "src/server/services.ts"))});
      process.stdout.write(JSON.stringify({ loaded: [...new Set(seen)].sort(), stats }));
    `;
    const run = (env: Record<string, string>) =>
      JSON.parse(
        execFileSync(
          resolve(root, "node_modules/.bin/node"),
          ["--input-type=module", "-e", script],
          {
            cwd: root,
            env: { ...process.env, ...env },
            encoding: "utf8",
          },
        ),
      ) as { loaded: string[]; stats: { shortcuts: number } | null };
    const plain = run({});
    const cached = run({ WITH_CACHE: "1" });
    expect(cached.loaded.length).toBeGreaterThan(300);
    // Most of drizzle's files (and others') were resolved by the shortcut, and to the same URL and format.
    expect(cached.stats!.shortcuts).toBeGreaterThan(200);
    expect(cached.loaded).toEqual(plain.loaded);
  }, 60_000);
});
