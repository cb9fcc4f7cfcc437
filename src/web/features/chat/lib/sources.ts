import { z } from "zod";
import { safeExternalHref } from "../../../lib/safe-url.ts";
import type { AtriumMessage } from "./chat-message.ts";

/**
 * The sources an answer cites, numbered as the model cites them: the server
 * sends one `source-document` part per numbered passage, in number order, with
 * the number, document id and passage in its provider metadata (`atrium`); the
 * n-th source part is "[n]" when no number is given. Anything else there is ignored.
 */
export interface CitationSource {
  number: number;
  key: string;
  title: string;
  documentId: string | null;
  /** An external http(s) address (web sources); never an app-internal path. */
  href: string | null;
  passage: string | null;
}

const atriumMetaSchema = z.object({
  atrium: z.object({
    citation: z.number().int().positive().optional().catch(undefined),
    documentId: z.string().min(1).optional().catch(undefined),
    passage: z.string().optional().catch(undefined),
    snippet: z.string().optional().catch(undefined),
  }),
});

/** App paths a source may name a document by: its view, its download. */
const DOCUMENT_PATH = /^\/(?:dossier\?document=|dossier\/document\/|api\/documents\/)([^/?#&]+)/;

export function messageSources(message: Pick<AtriumMessage, "parts">): CitationSource[] {
  const sources: CitationSource[] = [];
  const seen = new Set<string>();
  for (const part of message.parts) {
    if (part.type !== "source-document" && part.type !== "source-url") continue;
    if (seen.has(part.sourceId)) continue;
    seen.add(part.sourceId);
    const meta = atriumMetaSchema.safeParse(part.providerMetadata);
    const atrium = meta.success ? meta.data.atrium : undefined;
    const number = atrium?.citation ?? sources.length + 1;
    if (part.type === "source-document") {
      sources.push({
        number,
        key: part.sourceId,
        title: part.title || part.filename || "Document",
        documentId: atrium?.documentId ?? null,
        href: null,
        passage: atrium?.passage ?? atrium?.snippet ?? null,
      });
    } else {
      const internal = DOCUMENT_PATH.exec(part.url);
      sources.push({
        number,
        key: part.sourceId,
        title: part.title || part.url,
        documentId: atrium?.documentId ?? (internal?.[1] ? decodeURIComponent(internal[1]) : null),
        href: internal ? null : safeExternalHref(part.url),
        passage: atrium?.passage ?? atrium?.snippet ?? null,
      });
    }
  }
  return sources;
}
