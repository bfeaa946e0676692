#!/usr/bin/env node
// Reference backend proxy for bridge-widget; configured by environment
// (ROUTING_API_URL, ROUTING_API_KEY, ALLOWED_ORIGINS, ALLOWED_HOSTS, HOST, PORT,
// MOUNT_PATH, CLIENT_RATE_LIMIT, TRUST_PROXY_HEADER, MAX_RESPONSE_BYTES,
// RESPONSE_TIMEOUT_MS, HEALTH_PATH, KEY_CHECK, REDIS_URL, STORE_TIMEOUT_MS,
// MAX_UPSTREAM_WAIT_MS, SHUTDOWN_TIMEOUT_MS, RPC_URLS, SIMULATION_RPC_URLS,
// SIMULATION_WITHOUT_ORIGIN, METRICS_PORT, METRICS_TOKEN, COMPRESSION; see docs/proxy.md).
// In a repository checkout (src/ present and tsx installed) it runs the
// TypeScript source, so a stale dist/ can never be what runs or gets tested;
// an installed package (no src/) uses the built dist/proxy.js.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

async function loadProxyModule() {
  const source = new URL('src/proxy/index.ts', root);
  if (existsSync(fileURLToPath(source))) {
    const tsx = await import('tsx/esm/api').catch(() => undefined);
    if (tsx) return tsx.tsImport(source.href, import.meta.url);
  }
  const built = new URL('dist/proxy.js', root);
  if (existsSync(fileURLToPath(built))) {
    const mod = await import(built.href);
    if (typeof mod.runProxyCli === 'function') return mod;
  }
  throw new Error('neither src/proxy/index.ts (with tsx) nor dist/proxy.js provides runProxyCli; run the build first');
}

try {
  const { runProxyCli } = await loadProxyModule();
  const code = await runProxyCli();
  process.exit(code);
} catch (error) {
  process.stderr.write(`bridge-widget-proxy: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
