import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { newId } from "../ids.ts";
import type { BlobStorage } from "./blob-storage.ts";

/** Blobs as files under a directory; writes go to a temp file renamed into place. */
export class LocalBlobStorage implements BlobStorage {
  readonly kind = "local";
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  #path(key: string): string {
    if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.includes("..")) {
      throw new Error(`Invalid blob key: ${key}`);
    }
    return path.join(this.#dir, key);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ size: number }> {
    const target = this.#path(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${newId()}.part`);
    let size = 0;
    const source = body instanceof Readable ? body : Readable.from([body]);
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(temp, { flags: "wx" }),
      );
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.#path(key);
    if (!(await this.stat(key))) return undefined;
    return createReadStream(file);
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer | undefined> {
    const info = await this.stat(key);
    if (!info) return undefined;
    if (info.size > maxBytes) throw new Error(`Blob ${key} is larger than ${maxBytes} bytes`);
    return readFile(this.#path(key));
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.#path(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.#path(key), { force: true })));
  }
}
