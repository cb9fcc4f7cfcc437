/**
 * The kinds of file the dossier accepts. `fileType` on a document is one of
 * these; the upload sniffs the content and checks it against the extension.
 */
export const FILE_TYPES = [
  "pdf",
  "docx",
  "xlsx",
  "csv",
  "pptx",
  "txt",
  "md",
  "html",
  "png",
  "jpg",
  "gif",
  "webp",
  "svg",
] as const;
export type FileType = (typeof FILE_TYPES)[number];

export interface FileTypeInfo {
  label: string;
  /** Extensions (lower case, no dot) a file of this type may carry. */
  extensions: readonly string[];
  /** The mime type stored on the document. */
  mimeType: string;
  kind: "document" | "spreadsheet" | "presentation" | "text" | "image";
}

export const FILE_TYPE_INFO: Readonly<Record<FileType, FileTypeInfo>> = {
  pdf: { label: "PDF", extensions: ["pdf"], mimeType: "application/pdf", kind: "document" },
  docx: {
    label: "Word",
    extensions: ["docx"],
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    kind: "document",
  },
  xlsx: {
    label: "Excel",
    extensions: ["xlsx"],
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    kind: "spreadsheet",
  },
  csv: { label: "CSV", extensions: ["csv"], mimeType: "text/csv", kind: "spreadsheet" },
  pptx: {
    label: "PowerPoint",
    extensions: ["pptx"],
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    kind: "presentation",
  },
  txt: { label: "Text", extensions: ["txt", "text", "log"], mimeType: "text/plain", kind: "text" },
  md: {
    label: "Markdown",
    extensions: ["md", "markdown"],
    mimeType: "text/markdown",
    kind: "text",
  },
  html: { label: "HTML", extensions: ["html", "htm"], mimeType: "text/html", kind: "text" },
  png: { label: "PNG image", extensions: ["png"], mimeType: "image/png", kind: "image" },
  jpg: { label: "JPEG image", extensions: ["jpg", "jpeg"], mimeType: "image/jpeg", kind: "image" },
  gif: { label: "GIF image", extensions: ["gif"], mimeType: "image/gif", kind: "image" },
  webp: { label: "WebP image", extensions: ["webp"], mimeType: "image/webp", kind: "image" },
  svg: { label: "SVG image", extensions: ["svg"], mimeType: "image/svg+xml", kind: "image" },
};

/** The file type for a file name's extension, or undefined when it is not accepted. */
export function fileTypeForName(fileName: string): FileType | undefined {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return FILE_TYPES.find((type) => FILE_TYPE_INFO[type].extensions.includes(extension));
}

/** The accept attribute for file inputs. */
export const ACCEPTED_EXTENSIONS = FILE_TYPES.flatMap((type) =>
  FILE_TYPE_INFO[type].extensions.map((extension) => `.${extension}`),
);
