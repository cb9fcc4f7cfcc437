import type { Services } from "../../api/context.ts";
import { ActiveStream } from "./active-stream.ts";
import { StreamRelay } from "./stream-relay.ts";

/**
 * The answers this server instance is generating, by thread, in memory. With
 * several instances on one PostgreSQL database, the relay makes them readable
 * from every instance (docs/decisions/006-chat-streams.md, amendment).
 */
export class ActiveStreams {
  /** null on an embedded database: one instance, nothing to relay. */
  readonly relay: StreamRelay | null;
  readonly #byThread = new Map<string, ActiveStream>();
  readonly #background = new Set<Promise<void>>();
  #closing = false;

  constructor(relay: StreamRelay | null = null) {
    this.relay = relay;
  }

  get(threadId: string): ActiveStream | undefined {
    return this.#byThread.get(threadId);
  }

  get size(): number {
    return this.#byThread.size;
  }

  get closing(): boolean {
    return this.#closing;
  }

  /** Register a new answer; it leaves the registry once it has finished. */
  add(init: ConstructorParameters<typeof ActiveStream>[0]): ActiveStream {
    if (this.#closing) throw new Error("the server is shutting down");
    return this.adopt(new ActiveStream(init));
  }

  /**
   * Register an answer started before it was known to be the turn (a speculative start,
   * decision 032 sixth round): from now on it is resumable here and relayed to other instances,
   * its frames so far included.
   */
  adopt(stream: ActiveStream): ActiveStream {
    if (this.#closing) throw new Error("the server is shutting down");
    if (this.#byThread.has(stream.threadId)) {
      throw new Error(`thread ${stream.threadId} already has an answer in flight`);
    }
    this.#byThread.set(stream.threadId, stream);
    this.relay?.track(stream);
    void stream.finished.then(() => {
      if (this.#byThread.get(stream.threadId) === stream) this.#byThread.delete(stream.threadId);
    });
    return stream;
  }

  /** Work that follows an answer (its title); shutdown waits for it too. */
  track(task: Promise<void>): void {
    this.#background.add(task);
    void task.finally(() => this.#background.delete(task));
  }

  /**
   * At shutdown: no new answers; those in flight get until the deadline to
   * finish, then are aborted and persisted as interrupted.
   */
  async shutdown(deadline: number): Promise<void> {
    this.#closing = true;
    const all = () => Promise.all([...this.#byThread.values()].map((s) => s.finished));
    const timer = new Promise<"timeout">((resolve) =>
      setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now())).unref(),
    );
    if ((await Promise.race([all().then(() => "done" as const), timer])) === "timeout") {
      for (const stream of this.#byThread.values()) stream.abort("shutdown");
      await all();
    }
    await Promise.race([Promise.allSettled([...this.#background]), timer]);
    await this.relay?.close();
  }
}

const registries = new WeakMap<Services, ActiveStreams>();

/** The answers in flight of one running server (tests run several in one process). */
export function activeStreamsOf(services: Services): ActiveStreams {
  let registry = registries.get(services);
  if (!registry) {
    registry = new ActiveStreams(
      services.database.kind === "postgres" ? new StreamRelay(services) : null,
    );
    registries.set(services, registry);
  }
  return registry;
}

/** Let the answers in flight finish (or abort them at the deadline) before the database closes. */
export function stopChatStreams(services: Services, deadline: number): Promise<void> {
  return registries.get(services)?.shutdown(deadline) ?? Promise.resolve();
}
