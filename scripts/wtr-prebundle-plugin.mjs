/**
 * Serves a few CommonJS-laden packages to the browser tests as one ES module
 * each, bundled by esbuild on first request (as Vite's dependency optimizer
 * does for the demo): WalletConnect's client imports CommonJS modules
 * (`events`, `@walletconnect/time`, …) whose named exports a test server that
 * transforms file by file cannot give. The script-tag build bundles them with
 * Rollup's CommonJS plugin (scripts/script-build.ts); this is for tests only.
 */
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PREFIX = '/__prebundled/';

export function prebundlePlugin(packages = ['@walletconnect/sign-client']) {
  const bundles = new Map();
  return {
    name: 'bridge-prebundle',
    resolveImport({ source }) {
      if (packages.includes(source)) return `${PREFIX}${encodeURIComponent(source)}.js`;
      return undefined;
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const name = decodeURIComponent(context.path.slice(PREFIX.length, -'.js'.length));
      if (!packages.includes(name)) return undefined;
      if (!bundles.has(name)) {
        bundles.set(
          name,
          build({
            // The package's ES entry, as a browser bundler resolves it (its `module` build), not Node's CommonJS `main`.
            stdin: { contents: `export * from ${JSON.stringify(name)};`, resolveDir: ROOT, loader: 'js' },
            bundle: true,
            format: 'esm',
            platform: 'browser',
            mainFields: ['browser', 'module', 'main'],
            conditions: ['browser', 'module', 'import'],
            define: { 'process.env.NODE_ENV': '"production"' },
            write: false,
            logLevel: 'silent',
          }).then((result) => result.outputFiles[0].text),
        );
      }
      return { body: await bundles.get(name), type: 'js' };
    },
  };
}
