import { UI_MESSAGE_STREAM_HEADERS } from "ai";
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Services } from "../../api/context.ts";
import { chatStreamFrames, messages, threads } from "../../db/schema.ts";
import { firstOutputsOf } from "../first-outputs.ts";
import { STALE_STREAM_MS } from "../prepare-turn.ts";
import type { ActiveStream } from "./active-stream.ts";

/** Channel on which an instance says which answers it has just written frames of. */
export const STREAM_CHANNEL = "atrium_streams";
/** How often new frames of the answers in flight are written. */
const FLUSH_MS = 50;
/** How long an ended answer's rows stay for a late resume. */
const KEEP_ENDED_MS = 60_000;
/** Ended answers' rows are removed together, this long after the first of them is due. */
const EXPIRY_BATCH_MS = 5_000;
/** Rows older than this are left by an instance that died: the sweep removes them. */
const ABANDONED_MS = 30 * 60_000;
/** A follower re-reads at this pace too, in case a notification was missed. */
const FOLLOW_POLL_MS = 1_000;
/** After the answer is saved, how long its final frames may take to arrive. */
const SAVED_GRACE_MS = 2_000;
/** NOTIFY payloads stay well under PostgreSQL's 8000 bytes. */
const NOTIFY_IDS_PER_MESSAGE = 100;

const encoder = new TextEncoder();
const DONE_FRAME = "data: [DONE]\n\n";

interface Tracked {
  stream: ActiveStream;
  /** Frames already written. */
  written: number;
  seq: number;
}

/**
 * Answers in flight readable from every instance sharing the database
 * (decision 006, amendment): the instance generating an answer appends its
 * new SSE frames to chat_stream_frames about 20 times a second (every answer
 * in one statement) and names them on STREAM_CHANNEL; an instance asked to
 * resume an answer it does not run replays those rows, then follows the
 * channel. Only on PostgreSQL: an embedded database has one instance.
 */
export class StreamRelay {
  readonly #services: Services;
  readonly #tracked = new Map<string, Tracked>();
  readonly #followers = new Map<string, Set<() => void>>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #unlisten: Promise<() => Promise<void>> | undefined;
  #lastSweep = 0;
  #lastFlush = 0;
  #closed = false;
  /** Ended answers whose rows stay until `expiresAt`, oldest first. */
  #expiring: Array<{ streamId: string; expiresAt: number }> = [];
  #expiryTimer: NodeJS.Timeout | undefined;

  constructor(services: Services) {
    this.#services = services;
  }

  /** Relay an answer's frames from now until it ends. */
  track(stream: ActiveStream): void {
    if (this.#closed) return;
    this.#tracked.set(stream.streamId, { stream, written: 0, seq: 0 });
    this.#timer ??= setInterval(() => this.#tick(), FLUSH_MS).unref();
  }

  #tick(): void {
    // Under a burst, frames wait (bounded) while turns here still wait for their first output.
    const outputs = firstOutputsOf(this.#services);
    const held =
      outputs.holdMs > 0 && outputs.pending > 0 && Date.now() - this.#lastFlush < outputs.holdMs;
    if (!held) this.#schedule();
  }

  #schedule(): void {
    this.#lastFlush = Date.now();
    this.#flushing = this.#flushing
      .then(() => this.#flush())
      .catch((error: unknown) => {
        this.#services.log.warn({ err: error }, "could not relay the frames of answers in flight");
      });
  }

  async #flush(): Promise<void> {
    const rows: Array<typeof chatStreamFrames.$inferInsert> = [];
    const ended: string[] = [];
    for (const [streamId, entry] of this.#tracked) {
      const frames = entry.stream.framesFrom(entry.written);
      if (frames.length === 0 && !entry.stream.ended) continue;
      entry.written += frames.length;
      entry.seq += 1;
      const final = entry.stream.ended && entry.written === entry.stream.frameCount;
      rows.push({
        streamId,
        seq: entry.seq,
        threadId: entry.stream.threadId,
        organizationId: entry.stream.organizationId,
        userId: entry.stream.userId,
        frames: frames.join(""),
        final,
      });
      if (final) ended.push(streamId);
    }
    const db = this.#services.database.db;
    if (rows.length > 0) {
      // The frames and their notifications in one statement (a data-modifying CTE always runs;
      // the notifications are delivered at its commit, once the rows are visible).
      const ids = rows.map((row) => row.streamId);
      const payloads: SQL[] = [];
      for (let i = 0; i < ids.length; i += NOTIFY_IDS_PER_MESSAGE) {
        payloads.push(sql`(${JSON.stringify(ids.slice(i, i + NOTIFY_IDS_PER_MESSAGE))}::text)`);
      }
      const insert = db
        .insert(chatStreamFrames)
        .values(rows)
        .returning({ seq: chatStreamFrames.seq });
      await db.execute(sql`
        with inserted as ${insert}
        select pg_notify(${STREAM_CHANNEL}, v.ids) from (values ${sql.join(payloads, sql`, `)}) as v(ids)
      `);
    }
    if (ended.length > 0) {
      const expiresAt = Date.now() + KEEP_ENDED_MS;
      for (const streamId of ended) {
        this.#tracked.delete(streamId);
        this.#expiring.push({ streamId, expiresAt });
      }
      this.#expiryTimer ??= setTimeout(() => this.#expire(), KEEP_ENDED_MS + EXPIRY_BATCH_MS);
      this.#expiryTimer.unref();
    }
    if (this.#tracked.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
    if (Date.now() - this.#lastSweep > ABANDONED_MS / 10) {
      this.#lastSweep = Date.now();
      await db
        .delete(chatStreamFrames)
        .where(lt(chatStreamFrames.createdAt, new Date(Date.now() - ABANDONED_MS)));
    }
  }

  /**
   * Removes the rows of the answers that ended at least KEEP_ENDED_MS ago, all in one
   * statement: ended answers are collected for EXPIRY_BATCH_MS rather than deleted one by one.
   */
  #expire(): void {
    this.#expiryTimer = undefined;
    const now = Date.now();
    const due = this.#expiring.filter((e) => e.expiresAt <= now).map((e) => e.streamId);
    this.#expiring = this.#expiring.filter((e) => e.expiresAt > now);
    if (due.length > 0 && !this.#closed) {
      void this.#services.database.db
        .delete(chatStreamFrames)
        .where(inArray(chatStreamFrames.streamId, due))
        .catch((error: unknown) => {
          this.#services.log.warn({ err: error }, "could not remove the frames of ended answers");
        });
    }
    const next = this.#expiring[0];
    if (next) {
      this.#expiryTimer = setTimeout(
        () => this.#expire(),
        Math.max(0, next.expiresAt - now) + EXPIRY_BATCH_MS,
      );
      this.#expiryTimer.unref();
    }
  }

  /** Write what is left at shutdown, once the answers in flight have ended. */
  async close(): Promise<void> {
    this.#schedule();
    await this.#flushing;
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#expiryTimer) clearTimeout(this.#expiryTimer);
    this.#expiryTimer = undefined;
    const unlisten = await this.#unlisten?.catch(() => undefined);
    await unlisten?.();
  }

  /**
   * The answer in flight on a thread of this caller that another instance is
   * generating, as an SSE response (everything so far, then live until it
   * ends); undefined when there is none.
   */
  async follow(caller: {
    threadId: string;
    userId: string;
    organizationId: string | null;
  }): Promise<Response | undefined> {
    const db = this.#services.database.db;
    const [thread] = await db
      .select({ activeStreamId: threads.activeStreamId })
      .from(threads)
      .where(
        and(
          eq(threads.id, caller.threadId),
          eq(threads.userId, caller.userId),
          caller.organizationId ? eq(threads.organizationId, caller.organizationId) : sql`false`,
        ),
      );
    const streamId = thread?.activeStreamId;
    if (!streamId || !(await this.#isAlive(streamId, caller.threadId))) return undefined;
    await this.#listen();

    let lastSeq = 0;
    let done = false;
    let savedAt: number | undefined;
    let progressAt = Date.now();
    let reading: Promise<void> = Promise.resolve();
    let poll: NodeJS.Timeout | undefined;
    let notified: (() => void) | undefined;
    const stop = () => {
      done = true;
      if (poll) clearInterval(poll);
      const followers = this.#followers.get(streamId);
      if (notified) followers?.delete(notified);
      if (followers?.size === 0) this.#followers.delete(streamId);
    };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const finish = () => {
          if (done) return;
          stop();
          controller.close();
        };
        const read = async (checkThread: boolean) => {
          if (done) return;
          const rows = await db
            .select({
              seq: chatStreamFrames.seq,
              frames: chatStreamFrames.frames,
              final: chatStreamFrames.final,
            })
            .from(chatStreamFrames)
            .where(and(eq(chatStreamFrames.streamId, streamId), gt(chatStreamFrames.seq, lastSeq)))
            .orderBy(asc(chatStreamFrames.seq));
          for (const row of rows) {
            // Rows are numbered without gaps: a later one means an earlier is not visible yet.
            if (row.seq !== lastSeq + 1 || done) break;
            lastSeq = row.seq;
            progressAt = Date.now();
            controller.enqueue(encoder.encode(row.frames));
            if (row.final) return finish();
          }
          if (!checkThread) return;
          // Saved and closed without a final row reaching us (its instance died): end here.
          const [now] = await db
            .select({ activeStreamId: threads.activeStreamId })
            .from(threads)
            .where(eq(threads.id, caller.threadId));
          if (now?.activeStreamId === streamId) {
            savedAt = undefined;
            // Nothing new for this long: the instance writing it died (decision 006).
            if (Date.now() - progressAt < STALE_STREAM_MS || done) return;
          }
          // The answer is saved; its last frames follow within a flush. Without them after a
          // grace period, its instance died before writing them: end the stream here.
          savedAt ??= Date.now();
          if (Date.now() - savedAt >= SAVED_GRACE_MS && !done) {
            controller.enqueue(encoder.encode(DONE_FRAME));
            finish();
          }
        };
        const next = (checkThread: boolean) => {
          reading = reading
            .then(() => read(checkThread))
            .catch((error: unknown) => {
              this.#services.log.warn({ err: error, streamId }, "could not follow an answer");
            });
        };
        notified = () => next(false);
        let followers = this.#followers.get(streamId);
        if (!followers) {
          followers = new Set();
          this.#followers.set(streamId, followers);
        }
        followers.add(notified);
        poll = setInterval(() => next(true), FOLLOW_POLL_MS).unref();
        next(false);
      },
      cancel: stop,
    });
    return new Response(body, { status: 200, headers: UI_MESSAGE_STREAM_HEADERS });
  }

  /**
   * Whether an answer recorded on a thread is being written: frames of it
   * came lately, or (before its first flush) its streaming row moved lately.
   * A thread left pointing at a stream by a dead process is not followed.
   */
  async #isAlive(streamId: string, threadId: string): Promise<boolean> {
    const db = this.#services.database.db;
    const since = new Date(Date.now() - STALE_STREAM_MS);
    const [frame] = await db
      .select({ seq: chatStreamFrames.seq })
      .from(chatStreamFrames)
      .where(and(eq(chatStreamFrames.streamId, streamId), gt(chatStreamFrames.createdAt, since)))
      .limit(1);
    if (frame) return true;
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          eq(messages.status, "streaming"),
          gt(messages.updatedAt, since),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  #listen(): Promise<() => Promise<void>> {
    this.#unlisten ??= this.#services.database.listen(
      (payload) => {
        let ids: unknown;
        try {
          ids = JSON.parse(payload);
        } catch {
          return;
        }
        if (!Array.isArray(ids)) return;
        for (const id of ids) {
          const followers = typeof id === "string" ? this.#followers.get(id) : undefined;
          if (!followers) continue;
          for (const notify of followers) notify();
        }
      },
      // After a reconnect, every follower re-reads (a notification may have been missed).
      () => {
        for (const followers of this.#followers.values()) for (const notify of followers) notify();
      },
      STREAM_CHANNEL,
    );
    return this.#unlisten;
  }
}
