import type { UIMessageChunk } from "ai";

/** One cited passage: what "[n]" in the answer points to. */
export interface Citation {
  number: number;
  documentId: string;
  documentName: string;
  mediaType: string;
  fileName: string | null;
  /** The chunk the passage came from, when it came from search. */
  chunkId: string | null;
  /** The passage as the model read it (trimmed for display). */
  passage: string;
  /** Where in the document: page, sheet or slide when known; character range for reads. */
  location: Record<string, string | number | boolean | null>;
}

const MAX_PASSAGE_CHARS = 600;

/**
 * The numbered sources of one answer. Tools number each passage they return
 * ("[1]", "[2]"…, the same passage keeps its number); after each tool result
 * the new ones go to the client as `source-document` parts, in number order,
 * so the n-th source part of the message is "[n]". The document id and the
 * passage ride in the part's provider metadata under `atrium`.
 */
export class Citations {
  readonly #byKey = new Map<string, Citation>();
  readonly #all: Citation[] = [];
  #sent = 0;

  /** The number of a passage, numbering it if it is new. */
  cite(source: Omit<Citation, "number">): number {
    const key = `${source.documentId}:${source.chunkId ?? JSON.stringify(source.location)}`;
    const known = this.#byKey.get(key);
    if (known) return known.number;
    const citation: Citation = {
      ...source,
      passage: clip(source.passage),
      number: this.#all.length + 1,
    };
    this.#byKey.set(key, citation);
    this.#all.push(citation);
    return citation.number;
  }

  get count(): number {
    return this.#all.length;
  }

  /** Source parts for the citations numbered since the last call. */
  takeNewSourceChunks(): UIMessageChunk[] {
    const fresh = this.#all.slice(this.#sent);
    this.#sent = this.#all.length;
    return fresh.map((citation) => ({
      type: "source-document",
      sourceId: `cite-${citation.number}`,
      mediaType: citation.mediaType,
      title: citation.documentName,
      ...(citation.fileName ? { filename: citation.fileName } : {}),
      providerMetadata: {
        atrium: {
          citation: citation.number,
          documentId: citation.documentId,
          chunkId: citation.chunkId,
          passage: citation.passage,
          location: citation.location,
          href: `/dossier/document/${citation.documentId}`,
        },
      },
    }));
  }
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_PASSAGE_CHARS ? `${line.slice(0, MAX_PASSAGE_CHARS - 1)}…` : line;
}
