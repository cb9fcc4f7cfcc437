import type { Document } from "#shared/schemas/dossier.ts";
import { fileTypeLabel } from "../../../components/file-type-icon.tsx";
import { formatBytes, formatDateTime } from "../lib/format.ts";

/** Labels for the extraction facts the pipeline records; other keys are spelled out. */
const KNOWN: Record<string, string> = {
  pages: "Pages",
  pageCount: "Pages",
  sheets: "Sheets",
  sheetCount: "Sheets",
  sheetNames: "Sheet names",
  slides: "Slides",
  slideCount: "Slides",
  width: "Width",
  height: "Height",
  words: "Words",
  wordCount: "Words",
  characters: "Characters",
  characterCount: "Characters",
  rows: "Rows",
  rowCount: "Rows",
  columns: "Columns",
  author: "Author",
  title: "Title",
  format: "Format",
  colorSpace: "Colour space",
};

const spellOut = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .replace(/^./, (c) => c.toUpperCase());

function show(value: unknown, key: string): string | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    const text = value.toLocaleString();
    return key === "width" || key === "height" ? `${text} px` : text;
  }
  if (typeof value === "string" && value.trim()) return value.trim().slice(0, 200);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.length > 0
      ? value.slice(0, 12).join(", ") + (value.length > 12 ? ", …" : "")
      : null;
  }
  return null;
}

/** Type, size, dates and the extraction facts (pages, sheets, slides, dimensions…). */
export function DocumentMetadata({ document }: { document: Document }) {
  const rows: [string, string][] = [
    ["Type", fileTypeLabel(document.fileType)],
    ["Size", formatBytes(document.size)],
    ["Added", formatDateTime(document._creationTime)],
  ];
  if (document.updatedAt - document._creationTime > 60_000) {
    rows.push(["Updated", formatDateTime(document.updatedAt)]);
  }
  if (document.fileNameOriginal && document.fileNameOriginal !== document.name) {
    rows.push(["Original file", document.fileNameOriginal]);
  }
  if (document.primaryTagName) rows.push(["Document type", document.primaryTagName]);
  if (document.tags.length > 0) rows.push(["Tags", document.tags.join(", ")]);
  const seen = new Set(rows.map(([label]) => label));
  for (const [key, value] of Object.entries(document.metadata)) {
    const label = KNOWN[key] ?? spellOut(key);
    const text = show(value, key);
    if (text === null || seen.has(label)) continue;
    seen.add(label);
    rows.push([label, text]);
  }
  return (
    <dl
      data-testid="document-metadata"
      className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-[13px]"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
