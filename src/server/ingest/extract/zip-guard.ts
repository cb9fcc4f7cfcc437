import yauzl, { type Entry, type ZipFile } from "yauzl";
import { ExtractionError, formatMegabytes } from "./extraction-error.ts";
import {
  MAX_ZIP_ENTRIES,
  MAX_ZIP_KEPT_ENTRY_BYTES,
  MAX_ZIP_RATIO,
  MAX_ZIP_TOTAL_BYTES,
  ZIP_RATIO_GRACE_BYTES,
} from "./limits.ts";

/**
 * Office files (DOCX, XLSX, PPTX) are zips, and a zip can unpack to far more
 * than its size. Before any library opens one, check the central directory
 * (entry count, declared sizes, compression ratio: a 1 GiB bomb is refused
 * without inflating a byte), then inflate every entry once with a byte cap, so
 * sizes forged in the directory are caught too. Entries the caller asks for
 * are kept in memory on the way.
 */

export interface ZipContents {
  names: string[];
  /** The kept entries' bytes, by name. */
  files: Map<string, Buffer>;
}

export async function guardZip(
  filePath: string,
  label: string,
  keep: (name: string) => boolean = () => false,
): Promise<ZipContents> {
  const damaged = (cause: unknown) =>
    new ExtractionError(`This ${label} is damaged or password-protected.`, { cause });
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      // Kept open after the directory is read: the entries are inflated next.
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (error) {
    throw damaged(error);
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      throw new ExtractionError(
        `This ${label} holds too many parts to process (${zip.entryCount}; the limit is ${MAX_ZIP_ENTRIES}).`,
      );
    }
    const entries = await readDirectory(zip, label, damaged);
    const files = new Map<string, Buffer>();
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      const kept = keep(entry.fileName);
      const bytes = await inflateEntry(
        zip,
        entry,
        kept,
        MAX_ZIP_TOTAL_BYTES - inflated,
        label,
        damaged,
      );
      inflated += bytes.length;
      if (kept) files.set(entry.fileName, bytes.data);
    }
    return { names: entries.map((entry) => entry.fileName), files };
  } finally {
    zip.close();
  }
}

async function readDirectory(
  zip: ZipFile,
  label: string,
  damaged: (cause: unknown) => ExtractionError,
): Promise<Entry[]> {
  const entries: Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) throw damaged("encrypted entry");
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > ZIP_RATIO_GRACE_BYTES && ratio > MAX_ZIP_RATIO) {
        throw zipBomb(label);
      }
      declared += entry.uncompressedSize;
      if (declared > MAX_ZIP_TOTAL_BYTES) throw tooLarge(label);
      entries.push(entry);
    }
  } catch (error) {
    throw error instanceof ExtractionError ? error : damaged(error);
  }
  return entries;
}

/** Inflate one entry, counting bytes; keep them only when asked. */
async function inflateEntry(
  zip: ZipFile,
  entry: Entry,
  keep: boolean,
  budget: number,
  label: string,
  damaged: (cause: unknown) => ExtractionError,
): Promise<{ length: number; data: Buffer }> {
  if (keep && entry.uncompressedSize > MAX_ZIP_KEPT_ENTRY_BYTES) throw tooLarge(label);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > budget || (keep && length > MAX_ZIP_KEPT_ENTRY_BYTES)) {
        stream.destroy();
        throw tooLarge(label);
      }
      if (keep) chunks.push(chunk);
    }
  } catch (error) {
    throw error instanceof ExtractionError ? error : damaged(error);
  }
  return { length, data: keep ? Buffer.concat(chunks) : Buffer.alloc(0) };
}

function tooLarge(label: string): ExtractionError {
  return new ExtractionError(
    `The file is too large to process (this ${label} unpacks to more than ${formatMegabytes(MAX_ZIP_TOTAL_BYTES)}).`,
  );
}

function zipBomb(label: string): ExtractionError {
  return new ExtractionError(
    `This ${label} unpacks to far more data than it holds (a possible zip bomb), so it was not processed.`,
  );
}
