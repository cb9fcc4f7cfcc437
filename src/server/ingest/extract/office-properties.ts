import { decodeXmlEntities } from "./text-utils.ts";

/**
 * Title, author and dates from an Office file's docProps/core.xml, and the
 * page or slide count from docProps/app.xml, as saved by the authoring app.
 */

export const CORE_PROPERTIES = "docProps/core.xml";
export const APP_PROPERTIES = "docProps/app.xml";

export function readOfficeProperties(files: ReadonlyMap<string, Buffer>): Record<string, unknown> {
  const core = files.get(CORE_PROPERTIES)?.toString("utf8") ?? "";
  const app = files.get(APP_PROPERTIES)?.toString("utf8") ?? "";
  const properties: Record<string, unknown> = {};
  const title = element(core, "dc:title");
  const author = element(core, "dc:creator");
  const subject = element(core, "dc:subject");
  const created = element(core, "dcterms:created");
  const modified = element(core, "dcterms:modified");
  const application = element(app, "Application");
  if (title) properties.title = title;
  if (author) properties.author = author;
  if (subject) properties.subject = subject;
  if (created && !Number.isNaN(Date.parse(created))) properties.createdAt = created;
  if (modified && !Number.isNaN(Date.parse(modified))) properties.modifiedAt = modified;
  if (application) properties.application = application;
  return properties;
}

/** A whole number from app.xml (Pages, Slides), or undefined. */
export function appCount(files: ReadonlyMap<string, Buffer>, name: string): number | undefined {
  const value = element(files.get(APP_PROPERTIES)?.toString("utf8") ?? "", name);
  const count = value ? Number(value) : Number.NaN;
  return Number.isInteger(count) && count >= 0 ? count : undefined;
}

function element(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]{1,1000})</${name}>`).exec(xml);
  const value = match?.[1] ? decodeXmlEntities(match[1]).trim() : "";
  return value || undefined;
}
