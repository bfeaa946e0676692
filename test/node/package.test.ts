/**
 * The npm package as `npm run build` makes it (built once for this file into
 * a scratch directory, never into dist/): package.json's `exports`, `types`
 * and `unpkg` point at files that exist; every entry imports in plain Node
 * (server-side rendering in Next.js or Nuxt) without touching `window`,
 * `document` or `localStorage`; the proxy entries stay free of the DOM and of
 * `node:` modules as promised; the declarations type-check a consumer through
 * `exports`; bin/bridge-widget-proxy.js runs the built dist/proxy.js; and
 * the script-tag build's old URL, dist/bridge-widget.min.js, still gives a
 * page the widget (in headless Chromium).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.js';
import { launchChromium } from './helpers/browser.js';
import { buildPackage, removeDir, ROOT, run, scratchDir } from './helpers/build.js';
import { folderRoutes, startStaticServer } from './helpers/static-server.js';
import { watchPage } from './helpers/widget-page.js';

interface PackageJson {
  name: string;
  main: string;
  module: string;
  types: string;
  unpkg: string;
  files: string[];
  customElements: string;
  dependencies: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
  sideEffects: string[];
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;
/** `exports` with each wildcard entry (`./locales/*`) expanded to one entry per locale add-on. */
const exportsExpanded = Object.entries(pkg.exports).flatMap(([subpath, target]) => {
  if (!subpath.includes('*')) return [[subpath, target] as const];
  const fill = (text: string, code: string) => text.replaceAll('*', code);
  return LOCALE_ADD_ONS.map(
    (code) =>
      [
        fill(subpath, code),
        typeof target === 'string' ? fill(target, code) : Object.fromEntries(Object.entries(target).map(([c, file]) => [c, fill(file, code)])),
      ] as const,
  );
});
/** JavaScript module entries of `exports`, by subpath (not the script-tag files, which are for browsers only). */
const jsEntries = exportsExpanded
  .filter(([subpath]) => subpath !== './script' && !subpath.startsWith('./script/'))
  .map(([subpath, target]) => [subpath, typeof target === 'string' ? target : (target.import ?? target.default)] as const)
  .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1].endsWith('.js') && !entry[1].endsWith('.min.js'));

let dir: string;

before(async () => {
  dir = scratchDir('package');
  await buildPackage(dir);
});

after(() => removeDir(dir));

/** Relative imports followed from `file`; returns every module file and every bare or node: specifier it reaches. */
function importGraph(file: string): { files: string[]; specifiers: string[] } {
  const files = new Set<string>();
  const specifiers = new Set<string>();
  const visit = (current: string) => {
    if (files.has(current)) return;
    files.add(current);
    const code = readFileSync(current, 'utf8');
    const pattern = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
    for (const match of code.matchAll(pattern)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(current), specifier));
      else specifiers.add(specifier);
    }
  };
  visit(file);
  return { files: [...files], specifiers: [...specifiers] };
}

describe('the npm package', { timeout: 180_000 }, () => {
  it('exports, main, module, types and unpkg point at files the build made', () => {
    const missing: string[] = [];
    const check = (label: string, target: string) => {
      const base = target.startsWith('./dist/') ? dir : ROOT;
      if (!existsSync(path.join(base, target))) missing.push(`${label}: ${target}`);
    };
    for (const [subpath, target] of exportsExpanded) {
      if (typeof target === 'string') check(subpath, target);
      else for (const [condition, file] of Object.entries(target)) check(`${subpath} (${condition})`, file);
    }
    for (const field of ['main', 'module', 'types', 'unpkg', 'customElements'] as const) check(field, pkg[field]);
    for (const [name, file] of Object.entries(pkg.bin)) check(`bin ${name}`, file);
    assert.deepEqual(missing, []);
    assert.equal(pkg.unpkg.replace(/^\.\//, ''), 'dist/script/bridge-widget.js');
    assert.deepEqual(pkg.exports['./script'], { types: './dist/types/script.d.ts', default: './dist/script/bridge-widget.js' });
    for (const entry of ['dist', 'bin', 'custom-elements.json']) assert.ok(pkg.files.includes(entry), `files lists ${entry}`);
  });

  it('builds every language add-on in src/i18n/add-ons.ts, and lists every entry imported for its effect in sideEffects', () => {
    const tables = readdirSync(path.join(ROOT, 'src/i18n'))
      .filter((name) => /^[a-z]{2,3}(-[a-z]{2,4})?\.ts$/.test(name) && !['en.ts', 'add-ons.ts'].includes(name))
      .map((name) => name.replace(/\.ts$/, ''));
    assert.deepEqual([...LOCALE_ADD_ONS].sort(), tables.sort(), 'src/i18n/add-ons.ts lists exactly the language tables in src/i18n');
    // Each table ships once: the script build's language file is also the package's `./locales/<code>` and what the ES build imports.
    assert.deepEqual(pkg.exports['./locales/*'], { types: './dist/types/i18n/*.d.ts', import: './dist/script/bridge-widget.*.js' });
    for (const code of LOCALE_ADD_ONS) {
      const file = `dist/script/bridge-widget.${code}.js`;
      assert.ok(existsSync(path.join(dir, file)), `${file} is built`);
    }
    assert.ok(!existsSync(path.join(dir, 'dist/locales')), 'no second copy of the tables');
    // The language files are data the widget imports itself: no effect to keep.
    const effectEntries = ['./dist/index.js', './dist/script/bridge-widget.js', './dist/bridge-widget.min.js'];
    const patterns = pkg.sideEffects.map((glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`));
    for (const entry of effectEntries) {
      assert.ok(existsSync(path.join(dir, entry)), `${entry} is built`);
      assert.ok(
        patterns.some((pattern) => pattern.test(entry)),
        `${entry} is listed in sideEffects`,
      );
    }
    for (const code of LOCALE_ADD_ONS) assert.ok(existsSync(path.join(dir, `dist/types/i18n/${code}.d.ts`)), `types of ${code}`);
  });

  it('keeps lit, viem and zod external in the package build', () => {
    const external = new Set<string>();
    for (const [, target] of jsEntries)
      for (const specifier of importGraph(path.join(dir, target)).specifiers) external.add(specifier.replace(/^(@[^/]+\/[^/]+|[^/@][^/]*).*$/, '$1'));
    const dependencies = Object.keys(pkg.dependencies);
    const unexpected = [...external].filter((name) => !dependencies.includes(name) && !name.startsWith('node:') && !builtinModules.includes(name));
    assert.deepEqual(unexpected, [], 'only dependencies and Node built-ins are imported');
    for (const name of ['lit', 'viem', 'zod']) assert.ok(external.has(name), `${name} is imported, not bundled`);
  });

  it('every entry imports in plain Node without touching window, document or localStorage (server-side rendering)', async () => {
    // Traps on the browser globals record every access from our files while
    // the entry loads (Lit's Node build looks at \`document\` itself, safely).
    const probe = `
      const touched = new Set();
      const ours = process.argv[2];
      for (const name of ['window', 'document', 'localStorage', 'sessionStorage']) {
        Object.defineProperty(globalThis, name, {
          configurable: true,
          get() {
            const caller = (new Error().stack ?? '').split('\\n')[2] ?? '';
            if (caller.includes(ours)) touched.add(name + ' (' + caller.trim() + ')');
            return undefined;
          },
        });
      }
      const results = {};
      for (const file of JSON.parse(process.argv[1])) {
        try {
          const module = await import(file);
          results[file] = { ok: true, exports: Object.keys(module).length };
        } catch (error) {
          results[file] = { ok: false, error: String(error && error.stack || error) };
        }
      }
      process.stdout.write(JSON.stringify({ results, touched: [...touched] }));
    `;
    const files = jsEntries.map(([, target]) => pathToFileURL(path.join(dir, target)).href);
    for (const file of files) {
      const output = await run(process.execPath, ['--input-type=module', '-e', probe, JSON.stringify([file]), pathToFileURL(path.join(dir, 'dist')).href]);
      const { results, touched } = JSON.parse(output.slice(output.indexOf('{'))) as {
        results: Record<string, { ok: boolean; error?: string }>;
        touched: string[];
      };
      assert.equal(results[file]?.ok, true, `${file} throws in Node: ${results[file]?.error}`);
      assert.deepEqual(touched, [], `${file} touches ${touched.join(', ')} while loading`);
    }
    assert.ok(files.some((file) => file.endsWith('/index.js')) && files.some((file) => file.endsWith('/proxy.js')));
  });

  it('the sources import in Node too (tsx), and registering without a browser registry is a no-op', async () => {
    const output = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'src/index.ts')).href)});
       m.defineBridgeWidget(undefined);
       await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'src/proxy/index.ts')).href)});
       process.stdout.write(JSON.stringify({ version: m.VERSION, element: typeof m.BridgeWidget }));`,
    ]);
    assert.deepEqual(JSON.parse(output.slice(output.indexOf('{'))), {
      version: JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
      element: 'function',
    });
  });

  it('./proxy has no DOM and no Lit; ./proxy/handler has no node: imports (edge runtimes)', () => {
    const proxy = importGraph(path.join(dir, 'dist/proxy.js'));
    assert.deepEqual(
      proxy.specifiers.filter((s) => s === 'lit' || s.startsWith('lit/') || s.startsWith('@lit/')),
      [],
    );
    for (const file of proxy.files) assert.doesNotMatch(readFileSync(file, 'utf8'), /\b(document|customElements|localStorage)\./, `${file} uses the DOM`);
    const handler = importGraph(path.join(dir, 'dist/proxy-handler.js'));
    assert.deepEqual(
      handler.specifiers.filter((s) => s.startsWith('node:') || builtinModules.includes(s)),
      [],
      'no Node built-ins behind ./proxy/handler',
    );
  });

  it('the declarations resolve through exports: a consumer type-checks against the built package', async () => {
    const consumer = path.join(dir, 'consumer.tsx');
    writeFileSync(
      consumer,
      `import { BridgeWidget, defineBridgeWidget, VERSION, type BridgeQuoteDetail, type Eip1193Provider } from 'bridge-widget';
import { BridgeWidget as Unregistered } from 'bridge-widget/elements';
import { RoutingClient, RoutingError } from 'bridge-widget/api';
import { startProxyServer } from 'bridge-widget/proxy';
import { createProxyHandler } from 'bridge-widget/proxy/handler';
import type {} from 'bridge-widget/react';
import type {} from 'bridge-widget/vue';
import type {} from 'bridge-widget/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

declare const provider: Eip1193Provider;
const widget: BridgeWidget = document.createElement('bridge-widget');
widget.provider = provider;
widget.addEventListener('bridge-quote', (event) => {
  const detail: BridgeQuoteDetail = event.detail;
  console.log(detail.estimate.toAmount + 1n, VERSION);
});
defineBridgeWidget(customElements);
export const checks = [Unregistered, RoutingClient, RoutingError, startProxyServer, createProxyHandler];
export const svelteProps: SvelteHTMLElements['bridge-widget'] = { 'proxy-url': '/bridge', provider, 'onbridge-quote': (event) => event.detail.estimate };
export const jsx = <bridge-widget proxy-url="/bridge" provider={provider} onbridge-quote={(event) => event.detail.estimate} />;
`,
    );
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
          typeRoots: [path.join(ROOT, 'node_modules/@types')],
        },
        files: ['consumer.tsx'],
      }),
    );
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')]).catch((error: Error) => {
      assert.fail(`the built declarations do not type-check a consumer:\n${error.message}`);
    });
  });

  it('bin/bridge-widget-proxy.js runs the built dist/proxy.js', async () => {
    // A copy of the bin next to the build, with no src/ to fall back on.
    mkdirSync(path.join(dir, 'bin'), { recursive: true });
    const bin = path.join(dir, 'bin/bridge-widget-proxy.js');
    copyFileSync(path.join(ROOT, 'bin/bridge-widget-proxy.js'), bin);
    const child = spawn(process.execPath, [bin], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ROUTING_API_URL: 'http://127.0.0.1:9', ROUTING_API_KEY: 'test-key', HOST: '127.0.0.1', PORT: '0' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line within 30 s; stderr: ${stderr}`)), 30_000);
        createInterface({ input: child.stdout }).on('line', (text) => {
          if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(text)) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`the proxy exited with ${code}: ${stderr}`));
        });
      });
      const url = /(http:\/\/127\.0\.0\.1:\d+\S*)/.exec(line)![1]!;
      const response = await fetch(new URL('/api/v1/not-an-endpoint', url));
      assert.ok(response.status >= 400 && response.status < 500, `the built proxy answers (${response.status})`);
    } finally {
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('the old URL dist/bridge-widget.min.js still gives a page the widget (through the script folder)', async () => {
    const alias = readFileSync(path.join(dir, 'dist/bridge-widget.min.js'), 'utf8');
    assert.match(alias, /^export \* from '\.\/script\/bridge-widget\.js';\s*$/, 'a one-line alias of the folder’s entry');
    const server = await startStaticServer({
      '/': () => ({
        type: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>old URL</title>
<script type="module" src="/dist/bridge-widget.min.js"></script></head><body><bridge-widget></bridge-widget></body></html>`,
      }),
      '/dist/bridge-widget.min.js': () => ({ type: 'text/javascript', body: alias }),
      ...folderRoutes('/dist/script', path.join(dir, 'dist/script')),
    });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const log = watchPage(page);
      await page.goto(`${server.url}/`);
      // Without a proxy URL the widget renders and says so: it is defined, upgraded and drawn.
      await page.getByText('proxy-url', { exact: false }).first().waitFor({ timeout: 30_000 });
      const state = await page.evaluate(() => {
        const element = customElements.get('bridge-widget');
        const widget = document.querySelector('bridge-widget');
        return { upgraded: !!element && widget instanceof element, rendered: !!widget?.shadowRoot?.childElementCount };
      });
      assert.deepEqual(state, { upgraded: true, rendered: true });
      assert.ok(server.served.includes('/dist/script/bridge-widget.js'), `the alias loaded the folder's entry: ${server.served.join(', ')}`);
      assert.deepEqual(log.errors, []);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
