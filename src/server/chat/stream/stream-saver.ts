import { sql } from "drizzle-orm";
import type { Services } from "../../api/context.ts";
import { type Db, withoutPreparedStatements } from "../../db/database.ts";
import { messages } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";

/** How often answers being written are saved (not per token). */
export const SAVE_INTERVAL_MS = 1_000;

type Part = { type: string } & Record<string, unknown>;

/** An answer being written, as the periodic save sees it. */
export interface SaveSource {
  readonly messageId: string;
  /**
   * What to save now: the latest parts if they changed, null to only mark
   * the row alive (a heartbeat), undefined for nothing.
   */
  take(now: number): Part[] | null | undefined;
}

/**
 * Saves every answer in flight once a second, all in one statement: with a
 * hundred answers streaming, the database sees one write a second, not a
 * hundred. Only rows still 'streaming' are touched, so a late save can
 * never overwrite an answer's final state.
 */
export class StreamSaver {
  readonly #db: Db;
  readonly #log: Logger;
  readonly #sources = new Set<SaveSource>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;

  constructor(db: Db, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  add(source: SaveSource): void {
    this.#sources.add(source);
    this.#timer ??= setInterval(() => this.#tick(), SAVE_INTERVAL_MS).unref();
  }

  /** Stop saving a source; resolves once no save that may include it is in flight. */
  async remove(source: SaveSource): Promise<void> {
    this.#sources.delete(source);
    if (this.#sources.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
    await this.#flushing;
  }

  #tick(): void {
    if (this.#flushing) return; // the database is behind: skip a beat rather than pile up
    const now = Date.now();
    const rows: Array<{ id: string; parts: string | null }> = [];
    for (const source of this.#sources) {
      const parts = source.take(now);
      if (parts !== undefined) {
        rows.push({ id: source.messageId, parts: parts && JSON.stringify(parts) });
      }
    }
    if (rows.length === 0) return;
    // Its text varies with the number of answers: never worth a named statement on PGlite.
    this.#flushing = withoutPreparedStatements(() => this.#write(rows))
      .catch((error: unknown) =>
        this.#log.warn({ err: error, count: rows.length }, "saving answers in flight failed"),
      )
      .finally(() => {
        this.#flushing = undefined;
      });
  }

  async #write(rows: Array<{ id: string; parts: string | null }>): Promise<void> {
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::text, ${row.parts}::jsonb)`),
      sql`, `,
    );
    await this.#db.execute(sql`
      update ${messages} as m
      set parts = coalesce(v.parts, m.parts), updated_at = now()
      from (values ${values}) as v(id, parts)
      where m.id = v.id and m.status = 'streaming'
    `);
  }
}

const savers = new WeakMap<Services, StreamSaver>();

/** The periodic save of one running server's answers. */
export function streamSaverOf(services: Services): StreamSaver {
  let saver = savers.get(services);
  if (!saver) {
    saver = new StreamSaver(services.database.db, services.log);
    savers.set(services, saver);
  }
  return saver;
}
