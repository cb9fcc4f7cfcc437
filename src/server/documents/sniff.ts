import { Transform, type TransformCallback } from "node:stream";
import { AppError } from "#shared/errors.ts";
import { FILE_TYPE_INFO, type FileType, fileTypeForName } from "#shared/file-types.ts";

/**
 * What an uploaded file really is. The extension says what it claims to be;
 * the first bytes must agree (file-type for binary formats; for text formats a
 * strict UTF-8 check over the whole file, with no control bytes).
 */

/** Bytes gathered before deciding: enough for file-type to see an Office zip's first entries. */
export const SNIFF_BYTES = 256 * 1024;
export const MAX_FILE_NAME_LENGTH = 255;

const TEXT_TYPES: ReadonlySet<FileType> = new Set(["csv", "txt", "md", "html", "svg"]);
/** file-type's answer -> our type. */
const DETECTED: Readonly<Record<string, FileType>> = {
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
  pptx: "pptx",
  png: "png",
  apng: "png",
  jpg: "jpg",
  gif: "gif",
  webp: "webp",
};
const ARTICLE_AN: ReadonlySet<FileType> = new Set(["xlsx", "html", "svg"]);

/** Why a file is refused: not what it claims, too large, or of a type we do not take. */
export type RejectionCode = "BAD_REQUEST" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE";

/** A file refused for a reason its uploader can act on (the message names the file). */
export class FileRejected extends AppError {
  override name = "FileRejected";
  declare readonly code: RejectionCode;
  constructor(code: RejectionCode, message: string) {
    super(code, message);
  }
}

/** "a PDF file", "an Excel file", "a PNG image". */
export function describeFileType(type: FileType): string {
  const info = FILE_TYPE_INFO[type];
  const label = type === "txt" ? "text" : info.label;
  return `${ARTICLE_AN.has(type) ? "an" : "a"} ${label}${info.kind === "image" ? "" : " file"}`;
}

export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, "GB"],
    [1024 ** 2, "MB"],
    [1024, "KB"],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export const unsupportedFile = (fileName: string) =>
  new FileRejected(
    "UNSUPPORTED_MEDIA_TYPE",
    `'${fileName}' is not a supported file type. Upload PDF, Word (.docx), Excel (.xlsx), CSV, PowerPoint (.pptx), text, Markdown, HTML or image (PNG, JPEG, GIF, WebP, SVG) files.`,
  );

export const fileTooLarge = (fileName: string, maxBytes: number) =>
  new FileRejected(
    "PAYLOAD_TOO_LARGE",
    `'${fileName}' is larger than the upload limit of ${formatBytes(maxBytes)}.`,
  );

const notOfType = (fileName: string, type: FileType, detail?: string) =>
  new FileRejected(
    "BAD_REQUEST",
    `'${fileName}' is not ${describeFileType(type)}${detail ? ` (${detail})` : ""}.`,
  );

/**
 * A file name safe to store and show: no folders, control or direction-override
 * characters, NFC, trimmed, at most 255 characters with its extension kept.
 */
export function cleanFileName(raw: string | undefined): string {
  // Browsers send a quote in a multipart file name as %22 (HTML spec, form-data encoding).
  const base = (raw ?? "").replaceAll("%22", '"').split(/[/\\]/).pop() ?? "";
  const name = base
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .replace(/^\.+/, "");
  if (!name) return "untitled";
  if (name.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  const stem = extension ? name.slice(0, dot) : name;
  return `${truncate(stem, MAX_FILE_NAME_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** At most `max` UTF-16 units, never splitting a character. */
function truncate(text: string, max: number): string {
  let out = "";
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/** The type a file name claims, or an UNSUPPORTED_MEDIA_TYPE refusal naming the file. */
export function claimedFileType(fileName: string): FileType {
  const type = fileTypeForName(fileName);
  if (!type) throw unsupportedFile(fileName);
  return type;
}

/** Check a file's first bytes against the type its name claims; throws FileRejected. */
export async function checkHead(fileName: string, claimed: FileType, head: Uint8Array) {
  if (head.length === 0) throw new FileRejected("BAD_REQUEST", `'${fileName}' is empty.`);
  // Loaded on the first upload, not at start (decision 032).
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const detectedType = detected ? DETECTED[detected.ext] : undefined;
  const looksLike = detected
    ? `its content looks like ${detectedType ? describeFileType(detectedType) : `a ${detected.ext.toUpperCase()} file`}`
    : undefined;
  if (!TEXT_TYPES.has(claimed)) {
    if (detectedType !== claimed) throw notOfType(fileName, claimed, looksLike);
    return;
  }
  // Text formats: binary content is caught by the UTF-8 check; an SVG must say it is one.
  if (detectedType) throw notOfType(fileName, claimed, looksLike);
  if (claimed === "svg" && !/<svg[\s>]/i.test(Buffer.from(head).toString("utf8"))) {
    throw notOfType(fileName, claimed, "no <svg> element at its start");
  }
}

/** Strict UTF-8 over a whole stream, allowing only tab, line feed, form feed and carriage return below space. */
export class TextCheck {
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });
  readonly #fileName: string;
  readonly #claimed: FileType;

  constructor(fileName: string, claimed: FileType) {
    this.#fileName = fileName;
    this.#claimed = claimed;
  }

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (
        (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13) ||
        byte === 0x7f
      ) {
        throw notOfType(this.#fileName, this.#claimed, "it contains binary data");
      }
    }
    this.#decode(chunk, true);
  }

  finish(): void {
    this.#decode(new Uint8Array(0), false);
  }

  #decode(chunk: Uint8Array, stream: boolean): void {
    try {
      this.#decoder.decode(chunk, { stream });
    } catch {
      throw notOfType(this.#fileName, this.#claimed, "it is not UTF-8 text");
    }
  }
}

/**
 * Passes a file through while enforcing the size limit and checking its
 * content against its claimed type. Holds back the first SNIFF_BYTES until they
 * are checked, so storage never receives bytes of a refused file's head.
 */
export class ContentInspector extends Transform {
  readonly #fileName: string;
  readonly #claimed: FileType;
  readonly #maxBytes: number;
  readonly #text: TextCheck | undefined;
  #head: Buffer[] = [];
  #headLength = 0;
  #checked = false;
  size = 0;

  constructor(options: { fileName: string; claimed: FileType; maxBytes: number }) {
    super();
    this.#fileName = options.fileName;
    this.#claimed = options.claimed;
    this.#maxBytes = options.maxBytes;
    this.#text = TEXT_TYPES.has(options.claimed)
      ? new TextCheck(options.fileName, options.claimed)
      : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#inspect(chunk).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    this.#finish().then(() => done(), done);
  }

  async #inspect(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.#maxBytes) throw fileTooLarge(this.#fileName, this.#maxBytes);
    if (this.#checked) {
      this.#text?.push(chunk);
      this.push(chunk);
      return;
    }
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength >= SNIFF_BYTES) await this.#releaseHead();
  }

  async #finish(): Promise<void> {
    if (!this.#checked) await this.#releaseHead();
    this.#text?.finish();
  }

  /** Check the head (file-type first: its "looks like a PNG" says more than "binary data"). */
  async #releaseHead(): Promise<void> {
    const head = Buffer.concat(this.#head, this.#headLength);
    this.#head = [];
    await checkHead(this.#fileName, this.#claimed, head.subarray(0, SNIFF_BYTES));
    this.#text?.push(head);
    this.#checked = true;
    if (head.length > 0) this.push(head);
  }
}
