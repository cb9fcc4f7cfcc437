import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../../src/server/auth/passwords.ts";
import { prepareTurn } from "../../src/server/chat/prepare-turn.ts";
import { AssistantWriter } from "../../src/server/chat/stream/assistant-writer.ts";
import { streamSaverOf } from "../../src/server/chat/stream/stream-saver.ts";
import { loadConfig } from "../../src/server/config.ts";
import { withPreparedStatements } from "../../src/server/db/database.ts";
import { pgliteHopStats } from "../../src/server/db/pglite.ts";
import { analyzeChangedTables } from "../../src/server/db/pglite-statistics.ts";
import { vacuumDueTables } from "../../src/server/db/pglite-vacuum.ts";
import { sessions, threads, users } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createServices } from "../../src/server/services.ts";
import { monotonicUs } from "./profile.ts";

export interface TurnCpu {
  /** Named prepared statements on (ATRIUM_PGLITE_PREPARED unset) or off ("0"). */
  prepared: boolean;
  /**
   * "current": after the warm-up turns the tables due were vacuumed and the changed ones analyzed,
   * as the server does within UPKEEP_EVERY_MS (pglite-statistics.ts, decisions 039 and 040);
   * "as at start": not, so the
   * statements run on the plans made when the tables were empty (the figure before decision 039).
   */
  statistics: "current" | "as at start";
  /** Turns before the measured ones (their messages are in the tables). */
  warmup: number;
  turns: number;
  /** This process's CPU (user + system) per turn: the turn's read and writes and the answer's final save. */
  cpuMsPerTurn: number;
  /**
   * Of that, the server's main thread's (`process.threadCpuUsage()`): with PGlite on its worker
   * thread (PGLITE_THREAD, decision 032) the database's share runs beside it.
   */
  mainThreadMsPerTurn: number;
  /** Where PGlite ran (PGLITE_THREAD; the worker unless set). */
  thread: "worker" | "main";
  /** Of that: the turn's read (readTurnState), its write (with the planning), the final save. */
  phasesMsPerTurn: { read: number; write: number; finalSave: number };
  /** Statements per turn through PGlite's query (BEGIN/COMMIT not counted). */
  statementsPerTurn: number;
  /** Of those, run as named statements. */
  namedPerTurn: number;
  /**
   * PGlite's worker waiting for its next message (decision 032, "The worker hop"): waits per
   * turn, of them ended by a message (a thread wake-up saved), and the waiting's CPU per turn.
   * Absent in-thread.
   */
  idleWait?: { waitsPerTurn: number; hitsPerTurn: number; waitMsPerTurn: number };
  /** The measured turns on the CPU profile's clock (bench/support/profile.ts monotonicUs). */
  window: { fromUs: number; toUs: number };
}

/**
 * PGlite CPU per chat turn, in this process (no HTTP, no model): every database statement of a
 * turn as the server runs it (prepareTurn's read and its write transaction, then the answer's
 * final save, AssistantWriter.finish), on threads made beforehand like the latency case's.
 * Measured with process.cpuUsage(), the whole process's CPU (PGlite's worker thread included),
 * so other load on the machine barely moves it; PGLITE_THREAD=main runs PGlite in-thread.
 * The warm-up turns fill the tables as a used database's are, and the statistics are then taken
 * as the server takes them (`statistics`); the measured turns come after.
 */
export async function measureTurnCpu(options: {
  turns: number;
  warmup: number;
  prepared: boolean;
  /** TurnCpu.statistics ("current" unless told). */
  statistics?: TurnCpu["statistics"];
  model: { baseUrl: string; name: string };
  /** Statements (`;`-separated) run on the database before the turns (a trigger disabled, say). */
  setupSql?: string;
}): Promise<TurnCpu> {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-turn-cpu-"));
  const previous = process.env.ATRIUM_PGLITE_PREPARED;
  process.env.ATRIUM_PGLITE_PREPARED = options.prepared ? "1" : "0";
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: "",
    PGLITE_THREAD: process.env.PGLITE_THREAD ?? "worker",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    ACCESS_TOKEN_TTL_SECONDS: "7200",
    OPENAI_COMPATIBLE_BASE_URL: options.model.baseUrl,
    OPENAI_COMPATIBLE_MODELS: options.model.name,
  });
  const services = await createServices(config, createLogger("silent"));
  try {
    const db = services.database.db;
    const { org, user, claims } = await seedChatMember(services, "Turn CPU");
    for (const statement of (options.setupSql ?? "").split(";")) {
      if (statement.trim()) await db.execute(sql.raw(statement));
    }
    const total = options.warmup + options.turns;
    const ids = Array.from({ length: total }, (_, i) => `turn-cpu-${i}-${newId().slice(-8)}`);
    await db
      .insert(threads)
      .values(
        ids.map((id) => ({ id, organizationId: org.id, userId: user!.id, title: "Bench chat" })),
      );
    const saver = streamSaverOf(services);
    const phases = { read: 0, write: 0, finalSave: 0 };
    const cpuNow = () => {
      const u = process.cpuUsage();
      return u.user + u.system;
    };
    const turn = async (threadId: string) => {
      const start = cpuNow();
      let readAt = start;
      const prepared = await withPreparedStatements(() =>
        prepareTurn({
          db,
          claims,
          request: {
            threadId,
            trigger: "submit-message",
            messageId: null,
            modelId: null,
            userMessage: { id: newId(), text: "How long does the first token take?" },
          },
          models: services.models,
          isStreaming: () => false,
          onRead: () => {
            readAt = cpuNow();
          },
          onReady: () => ({ firstOutput: Promise.resolve() }),
        }),
      );
      const writtenAt = cpuNow();
      const writer = new AssistantWriter({
        db,
        saver,
        messageId: prepared.assistantMessageId,
        ready: Promise.resolve(true),
      });
      await withPreparedStatements(() =>
        writer.finish(
          {
            parts: [{ type: "text", text: "How long does the first token take?", state: "done" }],
            status: "complete",
            finishReason: "stop",
            usage: { inputTokens: 10, outputTokens: 8, totalTokens: 18 },
            error: null,
          },
          { id: threadId, streamId: prepared.streamId },
        ),
      );
      phases.read += readAt - start;
      phases.write += writtenAt - readAt;
      phases.finalSave += cpuNow() - writtenAt;
    };
    for (let i = 0; i < options.warmup; i++) await turn(ids[i]!);
    const statistics = options.statistics ?? "current";
    if (statistics === "current") {
      // What the server's upkeep round would do by now, through the same functions.
      const client = {
        query: async <T>(text: string) =>
          (await db.execute(sql.raw(text))) as unknown as { rows: T[] },
        exec: (text: string) => db.execute(sql.raw(text)),
      };
      await vacuumDueTables(client);
      await analyzeChangedTables(client);
    }
    const stats = services.database.statementStats;
    const before = { ...stats! };
    const hop = pgliteHopStats(services.database);
    const hopBefore = hop && { ...hop };
    phases.read = phases.write = phases.finalSave = 0;
    const fromUs = monotonicUs();
    const cpu = process.cpuUsage();
    const mainCpu = process.threadCpuUsage();
    for (let i = options.warmup; i < total; i++) await turn(ids[i]!);
    const used = process.cpuUsage(cpu);
    const mainUsed = process.threadCpuUsage(mainCpu);
    const window = { fromUs, toUs: monotonicUs() };
    return {
      prepared: options.prepared,
      statistics,
      warmup: options.warmup,
      turns: options.turns,
      cpuMsPerTurn: (used.user + used.system) / 1000 / options.turns,
      mainThreadMsPerTurn: (mainUsed.user + mainUsed.system) / 1000 / options.turns,
      thread: config.pgliteThread,
      phasesMsPerTurn: {
        read: phases.read / 1000 / options.turns,
        write: phases.write / 1000 / options.turns,
        finalSave: phases.finalSave / 1000 / options.turns,
      },
      statementsPerTurn: (stats!.statements - before.statements) / options.turns,
      namedPerTurn: (stats!.executed - before.executed) / options.turns,
      idleWait:
        hop && hopBefore
          ? {
              waitsPerTurn: (hop.idleWaits - hopBefore.idleWaits) / options.turns,
              hitsPerTurn: (hop.idleWaitHits - hopBefore.idleWaitHits) / options.turns,
              waitMsPerTurn: (hop.idleWaitUs - hopBefore.idleWaitUs) / 1000 / options.turns,
            }
          : undefined,
      window,
    };
  } finally {
    await services.database.close();
    if (previous === undefined) delete process.env.ATRIUM_PGLITE_PREPARED;
    else process.env.ATRIUM_PGLITE_PREPARED = previous;
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An organization with one member signed in (a session row), for the benches that run a chat
 * turn in process (this file, chat-turn-plans.ts): the member and the claims a token carries.
 */
export async function seedChatMember(
  services: Awaited<ReturnType<typeof createServices>>,
  name: string,
) {
  const db = services.database.db;
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  const org = await createOrganization({ db, name });
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: `${slug}@example.test`,
      passwordHash: await hashPassword(`${slug}-not-secret`),
      firstName: name.split(" ")[0]!,
      lastName: name.split(" ").slice(1).join(" ") || "Bench",
      organizationId: org.id,
      role: "Member",
    })
    .returning();
  await db.transaction((tx) =>
    services.auth.createSession(tx, user!, { ip: null, userAgent: "atrium-bench" }),
  );
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, user!.id));
  return { org, user: user!, claims: { userId: user!.id, sessionId: session!.id } };
}
