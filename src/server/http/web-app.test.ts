import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressDir } from "../../../scripts/precompress-assets.ts";
import { loadConfig } from "../config.ts";
import { webAppRoutes } from "./web-app.ts";

/** A built app in a temporary folder: index.html and one script large enough to compress. */
function builtApp() {
  const dist = mkdtempSync(path.join(tmpdir(), "atrium-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>x</title>");
  const script = `export const words = ${JSON.stringify("live documents ".repeat(500))};\n`;
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), script);
  writeFileSync(path.join(dist, "assets", "tiny-abc123.js"), "export {};\n");
  return { dist, script };
}

const config = loadConfig({ DATA_DIR: tmpdir() });

describe("the built web app's assets", () => {
  it("are compressed once at build time, beside the originals, skipping tiny files", () => {
    const { dist } = builtApp();
    const result = precompressDir(path.join(dist, "assets"));
    expect(result.files).toBe(1);
    expect(result.brotliBytes).toBeLessThan(result.bytes / 10);
  });

  it("go out as brotli or gzip when the browser takes it, else as they are", async () => {
    const { dist, script } = builtApp();
    precompressDir(path.join(dist, "assets"));
    const app = webAppRoutes(config, dist);
    const get = (encoding?: string) =>
      app.request("/assets/app-abc123.js", {
        headers: encoding ? { "accept-encoding": encoding } : {},
      });

    const brotli = await get("gzip, deflate, br");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("content-type")).toMatch(/javascript/);
    expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const brotliBody = Buffer.from(await brotli.arrayBuffer());
    expect(brotliDecompressSync(brotliBody).toString()).toBe(script);

    const gzip = await get("gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("keep public files an hour, and answer an unknown asset with 404, not the page", async () => {
    const { dist } = builtApp();
    writeFileSync(path.join(dist, "manifest.webmanifest"), "{}");
    const app = webAppRoutes(config, dist);
    const manifest = await app.request("/manifest.webmanifest");
    expect(manifest.headers.get("cache-control")).toBe("public, max-age=3600");
    const missing = await app.request("/assets/gone-123.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });
});
