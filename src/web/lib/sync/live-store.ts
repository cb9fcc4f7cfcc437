import { hashKey, notifyManager, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ArgsOf, ResultOf } from "#shared/api/define.ts";
import { functionKey, type QueryContract } from "./function-key.ts";

/** What an optimistic update sees: the cache as it would be with this mutation applied. */
export interface OptimisticStore {
  getQuery<C extends QueryContract>(contract: C, args: ArgsOf<C>): ResultOf<C> | undefined;
  setQuery<C extends QueryContract>(contract: C, args: ArgsOf<C>, value: ResultOf<C>): void;
}

export type OptimisticUpdate = (store: OptimisticStore) => void;

/**
 * Layered optimistic updates over the Query cache. The last server value of
 * every function key is kept apart; the cache shows it with every pending
 * mutation's update applied on top, in order. A server push recomputes the
 * layers over the new value, so an unrelated change arriving mid-mutation
 * does not wipe the optimistic state; removing a layer (success or failure)
 * recomputes without it.
 */
export class LiveStore {
  private readonly server = new Map<string, { value: unknown; version: number }>();
  /** Cache data from before the first layered write, for keys the server never sent. */
  private readonly bases = new Map<string, unknown>();
  private readonly layers = new Map<number, OptimisticUpdate>();
  /** Keys the layers wrote in the last pass. */
  private layered = new Map<string, QueryKey>();
  private nextLayer = 1;
  private version = 0;
  private readonly client: QueryClient;

  constructor(client: QueryClient) {
    this.client = client;
  }

  /** Grows with every server value for `key`; lets a slow fetch see it was overtaken. */
  versionOf(key: QueryKey): number {
    return this.server.get(hashKey(key))?.version ?? 0;
  }

  /** A value the server pushed for a live query. */
  receive(key: QueryKey, value: unknown): void {
    this.record(key, value);
    if (this.layers.size === 0) this.client.setQueryData(key, value);
    else this.recompute(key);
  }

  /** A query function's result; returns what the cache should hold for `key`. */
  received<T>(key: QueryKey, value: T, sinceVersion: number): T {
    if (this.versionOf(key) > sinceVersion) return this.client.getQueryData<T>(key) ?? value;
    this.record(key, value);
    if (this.layers.size === 0) return value;
    this.recompute(key);
    return this.client.getQueryData<T>(key) ?? value;
  }

  addLayer(update: OptimisticUpdate): number {
    const id = this.nextLayer++;
    this.layers.set(id, update);
    this.recompute();
    return id;
  }

  removeLayer(id: number): void {
    if (this.layers.delete(id)) this.recompute();
  }

  forget(key: QueryKey): void {
    const hash = hashKey(key);
    this.server.delete(hash);
    this.bases.delete(hash);
  }

  private record(key: QueryKey, value: unknown): void {
    const hash = hashKey(key);
    this.server.set(hash, { value, version: ++this.version });
    this.bases.delete(hash);
  }

  private recompute(changed?: QueryKey): void {
    const previous = this.layered;
    this.layered = new Map();
    notifyManager.batch(() => {
      for (const [hash, key] of previous) this.restore(hash, key);
      if (changed && !previous.has(hashKey(changed))) this.restore(hashKey(changed), changed);
      for (const update of this.layers.values()) update(this.view);
    });
    if (this.layers.size === 0) this.bases.clear();
  }

  /** Puts the server's (or pre-optimistic) value back before the layers run again. */
  private restore(hash: string, key: QueryKey): void {
    const server = this.server.get(hash);
    if (server) {
      this.client.setQueryData(key, server.value);
    } else if (this.bases.get(hash) !== undefined) {
      this.client.setQueryData(key, this.bases.get(hash));
    } else if (this.bases.has(hash)) {
      // The optimistic update created data the cache never had: start over.
      void this.client.resetQueries({ queryKey: key, exact: true });
    }
  }

  private readonly view: OptimisticStore = {
    getQuery: (contract, args) => this.client.getQueryData(functionKey(contract, args)),
    setQuery: (contract, args, value) => {
      const key = functionKey(contract, args);
      const hash = hashKey(key);
      if (!this.layered.has(hash)) {
        if (!this.server.has(hash) && !this.bases.has(hash)) {
          this.bases.set(hash, this.client.getQueryData(key));
        }
        this.layered.set(hash, key);
      }
      this.client.setQueryData(key, value);
    },
  };
}
