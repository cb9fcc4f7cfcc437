/**
 * A file that cannot be processed. The message is shown to users as the
 * document's failure reason, so it says what is wrong in plain words;
 * `detail` keeps the technical cause for the logs.
 */
export class ExtractionError extends Error {
  override name = "ExtractionError";
  readonly detail: string | undefined;

  constructor(message: string, options?: { detail?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.detail = options?.detail ?? describeCause(options?.cause);
  }
}

function describeCause(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return String(cause);
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
