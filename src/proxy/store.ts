/**
 * The proxy's shared state (catalog cache, upstream quota, and the per-client
 * flood limit when a store is configured) behind one small interface: in
 * memory by default, in Redis (`redis-store.ts`) when several instances must
 * share it. Values are strings; every entry expires. A shared store is only
 * ever called through `store-guard.ts` (a deadline per call, a circuit
 * breaker, this instance's memory as the fallback).
 */
import { createMemoryQuota, type QuotaStore } from './quota.js';

export interface ProxyStore {
  get(key: string): Promise<string | undefined>;
  /** Stores `value` for `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Adds one to a fixed-window counter: the first hit starts the window and
   * makes the counter expire `windowMs` later. `get` on the same key reads the
   * count as a decimal string.
   */
  hit(key: string, windowMs: number): Promise<{ readonly count: number; readonly resetInMs: number }>;
  /**
   * The key's quota, decided in one atomic step where every instance counts.
   * Optional: without it, each instance keeps the quota in its own memory and
   * spends its share (1/N, N from `instances`) of what the service says is left.
   */
  readonly quota?: QuotaStore;
  /**
   * Optional: records that instance `id` is alive for `ttlMs` and answers how
   * many instances are (for each one's share of the quota while the store is
   * unreachable).
   */
  instances?(id: string, ttlMs: number): Promise<number>;
  /** Optional: false while a connection is being made, so calls are not even tried. */
  connected?(): boolean;
}

export interface MemoryStoreOptions {
  /** Entries kept at most; the oldest is dropped to admit a new one. Default 10 000. */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

interface Entry {
  value: string;
  readonly expiresAt: number;
}

/** One process's store. Bounded: expired entries go first, then the oldest. */
export function createMemoryStore(options: MemoryStoreOptions = {}): ProxyStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const live = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const insert = (key: string, entry: Entry, at: number) => {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      for (const [old, candidate] of entries) if (candidate.expiresAt <= at) entries.delete(old);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    }
    entries.set(key, entry);
  };
  return {
    quota: createMemoryQuota(),
    async get(key) {
      return live(key, now())?.value;
    },
    async set(key, value, ttlMs) {
      const at = now();
      insert(key, { value, expiresAt: at + ttlMs }, at);
    },
    async hit(key, windowMs) {
      const at = now();
      const entry = live(key, at);
      if (entry) {
        entry.value = String(Number(entry.value) + 1);
        return { count: Number(entry.value), resetInMs: entry.expiresAt - at };
      }
      insert(key, { value: '1', expiresAt: at + windowMs }, at);
      return { count: 1, resetInMs: windowMs };
    },
  };
}
