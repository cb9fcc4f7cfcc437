import type { Dirent } from "node:fs";
import { type FileHandle, lstat, mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { newId } from "../ids.ts";
import {
  assertBlobKey,
  type BlobEntry,
  type BlobStorage,
  BlobTooLargeError,
  isValidBlobKey,
  readLimited,
} from "./blob-storage.ts";

const LIST_PAGE = 1000;
/** Temp files of writes in progress: `.<id>.part` beside the blob they will become. */
const isTempFile = (name: string) => name.startsWith(".") && name.endsWith(".part");

/**
 * Blobs as files under a directory. Writes go to a temp file renamed into
 * place, so a reader never sees half a blob and a failed write leaves nothing.
 */
export class LocalBlobStorage implements BlobStorage {
  readonly kind = "local";
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = path.resolve(dir);
  }

  #path(key: string): string {
    assertBlobKey(key);
    return path.join(this.#dir, key);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ size: number }> {
    const target = this.#path(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${newId()}.part`);
    let size = 0;
    const source = body instanceof Readable ? body : Readable.from([body]);
    // Create the temp file before streaming, so a failure cannot race its creation.
    const handle = await open(temp, "wx");
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        handle.createWriteStream(),
      );
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  /** Opens the file first, so a blob deleted meanwhile is "missing", not a stream error. */
  async #open(key: string): Promise<FileHandle | undefined> {
    try {
      return await open(this.#path(key), "r");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return undefined;
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const handle = await this.#open(key);
    if (!handle) return undefined;
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return undefined;
    }
    return handle.createReadStream({ autoClose: true });
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer | undefined> {
    const handle = await this.#open(key);
    if (!handle) return undefined;
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!info.isFile() || info.size > maxBytes) {
      await handle.close();
      if (!info.isFile()) return undefined;
      throw new BlobTooLargeError(key, maxBytes);
    }
    return readLimited(handle.createReadStream({ autoClose: true }), key, maxBytes);
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    const handle = await this.#open(key);
    if (!handle) return undefined;
    try {
      const info = await handle.stat();
      return info.isFile() ? { size: info.size } : undefined;
    } finally {
      await handle.close();
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.#path(key), { force: true })));
  }

  /** Files under the directory; hidden names (temp files) and names no key could have are skipped. */
  async *list(): AsyncIterable<BlobEntry[]> {
    let page: BlobEntry[] = [];
    for await (const { file, name } of this.#files()) {
      if (name.startsWith(".")) continue;
      const key = path.relative(this.#dir, file).split(path.sep).join("/");
      if (!isValidBlobKey(key)) continue;
      const info = await lstatOrUndefined(file);
      if (!info?.isFile()) continue;
      page.push({ key, lastModified: info.mtime });
      if (page.length >= LIST_PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  /**
   * Temp files last written before `before`. A write in progress keeps
   * touching its temp file, so only one left by a dead process (or stalled
   * that long) is old. The directory is the server's own: every temp file in
   * it is one of its writes.
   */
  async removeUnfinished({ before }: { before: Date }): Promise<number> {
    let removed = 0;
    for await (const { file, name } of this.#files()) {
      if (!isTempFile(name)) continue;
      const info = await lstatOrUndefined(file);
      if (!info?.isFile() || info.mtime >= before) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** Every regular file under the directory, depth first; a directory removed meanwhile is skipped. */
  async *#files(dir = this.#dir): AsyncIterable<{ file: string; name: string }> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return;
      throw error;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* this.#files(file);
      else if (entry.isFile()) yield { file, name: entry.name };
    }
  }
}

async function lstatOrUndefined(file: string) {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
