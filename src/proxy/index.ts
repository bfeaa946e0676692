/**
 * Package entry `bridge-widget/proxy`. Pulls in the Node adapter; edge builds
 * should import `src/proxy/handler.ts` (or its build output) instead.
 */
export { createProxyHandler } from './handler.js';
export type { ClientRateLimit, ProxyOptions, ProxyErrorBody, ProxyErrorCode } from './handler.js';
export { startProxyServer } from './node.js';
export type { NodeProxyServerOptions, RunningProxyServer } from './node.js';
export { ProxyConfigError, parseClientRateLimit, proxyServerOptionsFromEnv, runProxyCli } from './cli.js';
export type { CliIo, Environment } from './cli.js';
export { createRedisStore } from './redis-store.js';
export type { RedisStore, RedisStoreOptions } from './redis-store.js';
export { createMemoryStore } from './store.js';
export type { ProxyStore } from './store.js';
export type { QuotaStore } from './quota.js';
export type { StoreState } from './store-guard.js';
export type { ProxyMetrics } from './metrics.js';
export type { MetricsOptions } from './metrics-server.js';
