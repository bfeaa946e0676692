/// <reference types="node" />
/**
 * The proxy's counters in Prometheus's text format, for the Node server:
 * requests by route and status, upstream calls by route and status, catalog
 * cache results, the key's quota left, the shared store's state, and Node's
 * process metrics. Uses `prom-client`, an optional peer dependency loaded only
 * when metrics are turned on. Off by default; on its own port
 * (`prometheus.port`, bound like the proxy) or on the proxy's port at
 * `{mountPath}/metrics` behind `Authorization: Bearer <prometheus.token>`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ProxyGauges, ProxyMetrics } from './metrics.js';
import { importOptional } from './optional-dependency.js';
import type { StoreState } from './store-guard.js';

export interface MetricsOptions {
  /** Serve `/metrics` on this port (0: a free one), on the proxy's bind address. */
  readonly port?: number;
  /** Serve `{mountPath}/metrics` on the proxy's port to requests bearing this token. */
  readonly token?: string;
}

export interface PrometheusMetrics {
  readonly metrics: ProxyMetrics;
  /** The text to answer a scrape with. */
  render(gauges: ProxyGauges): Promise<{ readonly contentType: string; readonly body: string }>;
}

const STORE_STATES: readonly StoreState[] = ['memory', 'connecting', 'ok', 'degraded', 'down'];

export async function createPrometheusMetrics(): Promise<PrometheusMetrics> {
  const prom = await importOptional<typeof import('prom-client')>('prom-client', 'metrics need');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, prefix: 'bridge_proxy_' });
  const requests = new prom.Counter({
    name: 'bridge_proxy_requests_total',
    help: 'Answers by route and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const upstream = new prom.Counter({
    name: 'bridge_proxy_upstream_calls_total',
    help: 'Calls to the routing service (or a simulation RPC) by route and the status it answered',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const cache = new prom.Counter({
    name: 'bridge_proxy_catalog_cache_total',
    help: 'Catalog answers by cache result',
    labelNames: ['result'],
    registers: [registry],
  });
  const remaining = new prom.Gauge({
    name: 'bridge_proxy_quota_remaining',
    help: "X-RateLimit-Remaining of the routing service's latest answer",
    registers: [registry],
  });
  const store = new prom.Gauge({
    name: 'bridge_proxy_store_state',
    help: 'The shared store: 1 for its current state',
    labelNames: ['state'],
    registers: [registry],
  });
  return {
    metrics: {
      request: (route, status) => requests.inc({ route, status: String(status) }),
      upstream: (route, status) => upstream.inc({ route, status: String(status) }),
      cache: (result) => cache.inc({ result }),
      quotaRemaining: (value) => remaining.set(value),
    },
    async render(gauges) {
      const current = gauges.storeState();
      for (const state of STORE_STATES) store.set({ state }, state === current ? 1 : 0);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** Constant-time comparison of a presented bearer token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
