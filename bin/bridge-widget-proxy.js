#!/usr/bin/env node
// Reference backend proxy for bridge-widget; configured by environment
// (ROUTING_API_URL, ROUTING_API_KEY, ALLOWED_ORIGINS, HOST, PORT, MOUNT_PATH).
// Uses the built dist/proxy.js when present (installed package), otherwise
// the TypeScript source through tsx (a repository checkout).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

async function loadProxyModule() {
  const built = new URL('dist/proxy.js', root);
  if (existsSync(fileURLToPath(built))) {
    const mod = await import(built.href);
    if (typeof mod.runProxyCli === 'function') return mod;
  }
  const source = new URL('src/proxy/index.ts', root);
  if (!existsSync(fileURLToPath(source))) {
    throw new Error('neither dist/proxy.js nor src/proxy/index.ts provides runProxyCli; run the build first');
  }
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(source.href, import.meta.url);
}

try {
  const { runProxyCli } = await loadProxyModule();
  const code = await runProxyCli();
  process.exit(code);
} catch (error) {
  process.stderr.write(`bridge-widget-proxy: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
