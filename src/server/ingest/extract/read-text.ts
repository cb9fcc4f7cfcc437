import { open } from "node:fs/promises";
import { ExtractionError } from "./extraction-error.ts";
import { MAX_TEXT_SOURCE_BYTES } from "./limits.ts";

/**
 * Read a text file as strict UTF-8, only its first MAX_TEXT_SOURCE_BYTES: a
 * 50 MB single line costs what a 10 MB one does. A cut inside a character is
 * not an error (the decoder holds the partial bytes back); any other invalid
 * byte is.
 */
export async function readTextPrefix(
  filePath: string,
  label: string,
  maxBytes = MAX_TEXT_SOURCE_BYTES,
): Promise<{ text: string; truncated: boolean; size: number }> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const truncated = size > read;
    const decoder = new TextDecoder("utf-8", { fatal: true });
    try {
      const text = decoder.decode(buffer.subarray(0, read), { stream: truncated });
      return { text, truncated, size };
    } catch (error) {
      throw new ExtractionError(
        `This ${label} is not valid UTF-8 text. Save it as UTF-8 and upload it again.`,
        { cause: error },
      );
    }
  } finally {
    await handle.close();
  }
}
