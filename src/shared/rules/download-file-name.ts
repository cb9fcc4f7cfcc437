/** SPEC 5 "Download file name". */

/** File extension for each mime type SPEC 5 lists, with their common aliases. */
export const EXTENSION_BY_MIME_TYPE: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.ms-powerpoint": "ppt",
  "text/plain": "txt",
  "text/html": "html",
  "text/csv": "csv",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/svg+xml": "svg",
  "application/json": "json",
  "application/xml": "xml",
  "text/xml": "xml",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/vnd.rar": "rar",
  "application/x-rar-compressed": "rar",
  "application/x-7z-compressed": "7z",
};

export interface DownloadableFile {
  fileNameOriginal?: string | null;
  title?: string | null;
  name?: string | null;
  mimeType?: string | null;
}

/**
 * The name to save a document under: the original file name if present, else the title or
 * name, else 'download'; a name without a dot gets the extension of its mime type, if known.
 */
export function downloadFileName(file: DownloadableFile): string {
  const base = present(file.fileNameOriginal) ?? present(file.title) ?? present(file.name);
  const fileName = base ?? "download";
  if (fileName.includes(".")) return fileName;
  const extension = extensionForMimeType(file.mimeType);
  return extension ? `${fileName}.${extension}` : fileName;
}

/** The extension for a mime type such as "text/csv; charset=utf-8", or undefined. */
export function extensionForMimeType(mimeType: string | null | undefined): string | undefined {
  if (!mimeType) return undefined;
  const essence = mimeType.split(";", 1)[0]!.trim().toLowerCase();
  return Object.hasOwn(EXTENSION_BY_MIME_TYPE, essence)
    ? EXTENSION_BY_MIME_TYPE[essence]
    : undefined;
}

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
