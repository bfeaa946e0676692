#!/usr/bin/env node
/**
 * Builds sandbox/dev-wallet.js: the development wallet (demo/dev-wallet.ts,
 * entry demo/dev-wallet-script.ts) as one classic script that a page or a test
 * runner injects (`page.addInitScript({ path: 'sandbox/dev-wallet.js' })`).
 * Committed, so a clone has it without a build; test/node/dev-wallet-script.test.ts
 * fails when it no longer matches its sources (run `npm run sandbox:dev-wallet`).
 * `--out <file>` builds elsewhere (the test does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The script's text, built in memory. */
export async function buildDevWalletScript() {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: `${root}demo/dev-wallet-script.ts`, formats: ['iife'], name: 'BridgeDevWallet', fileName: () => 'dev-wallet.js' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk = output.output.find((item) => item.type === 'chunk');
  const banner = '/* bridge-widget development wallet: built from demo/dev-wallet.ts by `npm run sandbox:dev-wallet`; local test keys only. */\n';
  return banner + chunk.code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? process.argv[at + 1] : `${root}sandbox/dev-wallet.js`;
  const code = await buildDevWalletScript();
  const before = (() => {
    try {
      return readFileSync(out, 'utf8');
    } catch {
      return undefined;
    }
  })();
  if (before !== code) writeFileSync(out, code);
  console.log(`${out}: ${code.length} bytes${before === code ? ' (unchanged)' : ''}`);
}
