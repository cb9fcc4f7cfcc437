import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Brotli and gzip copies of the built assets, written beside them
 * (`app-x.js.br`, `app-x.js.gz`), so the server sends them compressed without
 * compressing on every request (src/server/http/web-app.ts serves them with
 * `precompressed`). Hashed assets never change, so each is compressed once,
 * at build time, at the highest levels.
 */

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|wasm)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Compress every compressible file under `dir` (sourcemaps excluded); returns the totals. */
export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
    result.files++;
    result.bytes += bytes.length;
    result.brotliBytes += brotli.length;
    result.gzipBytes += gzip.length;
  }
  return result;
}

/** The Vite plugin: precompress the build's assets once the bundle is written. */
export function precompressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "atrium:precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, "assets");
      if (!statSync(assets, { throwIfNoEntry: false })?.isDirectory()) return;
      precompressDir(assets);
    },
  };
}
