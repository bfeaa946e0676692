/**
 * What the proxy counts for operators, behind a small interface the core
 * calls (web-standard only, so the edge handler can take one too). The Node
 * adapter's Prometheus endpoint (`metrics-server.ts`, prom-client) is one
 * implementation.
 */
import type { StoreState } from './store-guard.js';

export interface ProxyMetrics {
  /** Every answer: route template (or `health`, `-`) and status. */
  request(route: string, status: number): void;
  /** Every answer from the routing service (or the simulation RPC). */
  upstream(route: string, status: number): void;
  /** Catalog answers by how the cache served them. */
  cache(result: 'hit' | 'stale' | 'miss'): void;
  /** `X-RateLimit-Remaining` of the latest upstream answer. */
  quotaRemaining(remaining: number): void;
}

/** Read when scraped. */
export interface ProxyGauges {
  storeState(): StoreState;
}
