/**
 * The catalog (chains and tokens) is the same for every visitor, so one
 * upstream answer serves them all. Two tiers: this instance's memory holds
 * each answer once, as bytes that every response streams from in parts (a
 * visitor that reads slowly, or never, holds one part, not a copy of a
 * 4 MB token list); the shared store (Redis) holds it for the other
 * instances. A store that stalls is a miss, never a failed request.
 *
 * Fresh for `ttlMs`, then served stale for `staleMs` more while one
 * background call refreshes it; identical concurrent misses share one call.
 * Only 200 answers are kept: errors and refusals are never cached.
 */
import { partsOf } from './body.js';
import type { Exchange } from './exchange.js';
import type { StoreGuard } from './store-guard.js';

export interface CachedAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  readonly storedAt: number;
}

/** What crosses the shared store: JSON with the body as text. */
interface StoredAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
  readonly storedAt: number;
}

/** Quota headers describe the moment of the call; a cached copy must not repeat them to later visitors. */
const UNCACHED_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

/** Answers kept in memory at most (each query variant is one); the oldest goes first. */
const MAX_LOCAL_ENTRIES = 256;
/** Bytes kept in memory at most, all answers together. */
const MAX_LOCAL_BYTES = 64 * 1024 * 1024;

export interface CatalogCache {
  /** The answer for `key`: cached, or fetched by `fetchUpstream` (once, however many ask at the same time). */
  serve(key: string, fetchUpstream: () => Promise<Exchange>): Promise<Exchange>;
}

/** How long a catalog answer is fresh, and how long after that it may still be served stale (resolved from the proxy's options, ./options.ts). */
export interface CatalogCacheConfig {
  readonly ttlMs: number;
  readonly staleMs: number;
}

export function createCatalogCache(config: CatalogCacheConfig, store: StoreGuard, now: () => number = Date.now): CatalogCache {
  const local = new Map<string, CachedAnswer>();
  let localBytes = 0;

  const remember = (key: string, answer: CachedAnswer) => {
    forget(key);
    while (local.size >= MAX_LOCAL_ENTRIES || (local.size > 0 && localBytes + answer.body.byteLength > MAX_LOCAL_BYTES)) {
      forget(local.keys().next().value!);
    }
    if (answer.body.byteLength > MAX_LOCAL_BYTES) return;
    local.set(key, answer);
    localBytes += answer.body.byteLength;
  };
  const forget = (key: string) => {
    const old = local.get(key);
    if (!old) return;
    local.delete(key);
    localBytes -= old.body.byteLength;
  };
  const lifetime = config.ttlMs + config.staleMs;
  const inFlight = new Map<string, Promise<Fetched>>();

  const lookup = async (key: string): Promise<CachedAnswer | undefined> => {
    const at = now();
    const mine = local.get(key);
    if (mine && at - mine.storedAt < lifetime) return mine;
    const stored = await store.call((shared) => shared.get(key));
    const answer = stored.ok ? fromStored(stored.value) : undefined;
    if (answer && at - answer.storedAt < lifetime) {
      remember(key, answer);
      return answer;
    }
    return mine && at - mine.storedAt < lifetime ? mine : undefined;
  };

  /** A fetched answer: cached (each caller streams its own copy), or passed on as it came (an error, a refusal). */
  type Fetched = { readonly cached: CachedAnswer; readonly note: string } | { readonly passed: Exchange };
  const refresh = (key: string, fetchUpstream: () => Promise<Exchange>): Promise<Fetched> => {
    const running = inFlight.get(key);
    if (running) return running;
    const call = fetchUpstream().then(async (exchange): Promise<Fetched> => {
      if (exchange.kind !== 'response' || exchange.status !== 200 || typeof exchange.body !== 'string') return { passed: exchange };
      const headers = [...exchange.headers].filter(([name]) => !UNCACHED_HEADERS.includes(name));
      const cached: CachedAnswer = { status: 200, headers, body: new TextEncoder().encode(exchange.body), storedAt: now() };
      remember(key, cached);
      const stored: StoredAnswer = { status: 200, headers, body: exchange.body, storedAt: cached.storedAt };
      await store.call((shared) => shared.set(key, JSON.stringify(stored), lifetime));
      return { cached, note: exchange.note };
    });
    const shared = call.finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
    return shared;
  };

  return {
    async serve(key, fetchUpstream) {
      const entry = await lookup(key);
      if (entry) {
        const age = now() - entry.storedAt;
        if (age < config.ttlMs) return fromCache(entry, config, age, 'hit');
        void refresh(key, fetchUpstream).catch(() => undefined);
        return fromCache(entry, config, age, 'stale');
      }
      const fetched = await refresh(key, fetchUpstream);
      return 'passed' in fetched ? fetched.passed : fromCache(fetched.cached, config, 0, 'miss', fetched.note);
    },
  };
}

function fromStored(raw: string | undefined): CachedAnswer | undefined {
  if (raw === undefined) return undefined;
  try {
    const entry = JSON.parse(raw) as StoredAnswer;
    if (typeof entry.body !== 'string' || typeof entry.storedAt !== 'number' || !Array.isArray(entry.headers)) return undefined;
    return { status: entry.status, headers: entry.headers, body: new TextEncoder().encode(entry.body), storedAt: entry.storedAt };
  } catch {
    return undefined;
  }
}

function fromCache(entry: CachedAnswer, config: CatalogCacheConfig, age: number, kind: 'hit' | 'stale' | 'miss', upstreamNote?: string): Exchange {
  const headers = new Headers(entry.headers.map(([name, value]) => [name, value] as [string, string]));
  headers.set('cache-control', catalogCacheControl(config, age));
  headers.set('content-length', String(entry.body.byteLength));
  if (kind !== 'miss') headers.set('age', String(Math.floor(age / 1000)));
  const note = upstreamNote ? `${upstreamNote} cache=${kind}` : `cache=${kind}`;
  return { kind: 'response', status: entry.status, headers, body: partsOf(entry.body), cached: entry.body, note };
}

function catalogCacheControl(config: CatalogCacheConfig, age: number): string {
  const maxAge = Math.max(0, Math.floor((config.ttlMs - age) / 1000));
  return `public, max-age=${maxAge}, stale-while-revalidate=${Math.floor(config.staleMs / 1000)}`;
}
