/**
 * Hard bounds on what one extraction reads and produces. They keep a hostile or
 * merely huge file from exhausting the worker, and keep what is stored and shown
 * (text, HTML, chunks) to a size the database and the browser handle well.
 */

/** Files above this are refused before anything is read. */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;
/** Text formats (TXT, Markdown, HTML, CSV, SVG): only this prefix is read and processed. */
export const MAX_TEXT_SOURCE_BYTES = 10 * 1024 * 1024;
/** Plain text kept for search and chunks (about 600 dense pages). */
export const MAX_TEXT_CHARS = 2_000_000;
/** HTML kept for display; longer content is cut with a notice. */
export const MAX_HTML_CHARS = 2_000_000;
/** Text the summarizer reads (the start of the document). */
export const MAX_SUMMARY_INPUT_CHARS = 100_000;
export const MAX_SUMMARY_CHARS = 600;
/** Target and ceiling of a search chunk, in UTF-16 units. */
export const CHUNK_TARGET_CHARS = 1000;

/** Decoded images above this many pixels are refused (a pixel bomb is billions). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Preview images fit in this box. */
export const PREVIEW_MAX_WIDTH = 800;
export const PREVIEW_MAX_HEIGHT = 1600;

/** Office files are zips: limits checked before and while inflating them. */
export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_ZIP_TOTAL_BYTES = 200 * 1024 * 1024;
/** An entry above ZIP_RATIO_GRACE_BYTES may inflate at most this many times its packed size. */
export const MAX_ZIP_RATIO = 200;
export const ZIP_RATIO_GRACE_BYTES = 2 * 1024 * 1024;
/** Entries the extractors read into memory (slide XML, document properties). */
export const MAX_ZIP_KEPT_ENTRY_BYTES = 20 * 1024 * 1024;

/** Spreadsheets: what goes into HTML tables and into text. */
export const MAX_SHEETS = 50;
export const MAX_TABLE_ROWS_HTML = 500;
export const MAX_TABLE_COLUMNS_HTML = 50;
export const MAX_TABLE_ROWS_TEXT = 20_000;
export const MAX_TABLE_COLUMNS_TEXT = 200;
export const MAX_CELL_CHARS = 2000;

/** Presentations: slides read. */
export const MAX_SLIDES = 1000;

/** DOCX images inlined as data: URIs (larger ones are dropped from the HTML). */
export const MAX_INLINE_IMAGE_BYTES = 256 * 1024;
export const MAX_INLINE_IMAGES_TOTAL_BYTES = 1024 * 1024;
