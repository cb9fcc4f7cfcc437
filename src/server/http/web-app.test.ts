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

describe("the built web app's documents", () => {
  it("answer a direct load of /login with the light sign-in document, other pages with the app", async () => {
    const { dist } = builtApp();
    writeFileSync(
      path.join(dist, "login.html"),
      "<!doctype html><title>x</title><script>document.title</script>",
    );
    const app = webAppRoutes(config, dist);
    const page = async (address: string) => {
      const response = await app.request(address);
      return { response, body: await response.text() };
    };

    for (const address of ["/login", "/login?redirect=%2Fdossier", "/login?code=abc&error=x"]) {
      const { response, body } = await page(address);
      expect(response.status).toBe(200);
      expect(body).toContain("<script>document.title</script>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      // Its inline script is allowed by hash, like the app's.
      expect(response.headers.get("content-security-policy")).toMatch(/'sha256-/);
    }
    for (const address of ["/", "/dossier", "/login/more", "/login.html", "/index.html"]) {
      const { response, body } = await page(address);
      expect(response.status).toBe(200);
      expect(body).not.toContain("<script>");
    }
  });

  it("give the app for /login when the build has no sign-in document", async () => {
    const { dist } = builtApp();
    const response = await webAppRoutes(config, dist).request("/login");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<!doctype html><title>Atrium</title>");
  });
});
