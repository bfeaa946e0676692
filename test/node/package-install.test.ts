/**
 * The package as an integrator installs it: `npm pack` of what
 * `npm run build` makes, installed with `npm install --offline` into a
 * scratch app. No network: the app's node_modules starts with links to the
 * package's dependencies in the repository's node_modules (`npm ci` installed
 * them; the npm cache alone cannot resolve version ranges offline), so npm
 * only unpacks the tarball. The app's tools (vite, TypeScript, vue-tsc,
 * svelte-check, React's and Vue's types) resolve from the repository's
 * node_modules above the scratch directory. Then:
 *
 * - the tarball: its file list, its size against a budget, LICENSE, no source
 *   maps, README and docs/*.md links that resolve inside it; publint and arethetypeswrong
 *   (scripts/check-package.ts) find nothing;
 * - a vite production build of test/fixtures/vite-app keeps both side-effect
 *   imports (the registration and the German table), and the built page shows
 *   German in Chromium;
 * - the docs' snippets (test/fixtures/snippets) type-check against the
 *   installed package with tsc, vue-tsc and svelte-check, and a copy of each
 *   with one deliberate mistake is reported by the same checker;
 * - the script files fail in Node exactly as the README says;
 * - dependencies dedupe: in a fresh app outside the repository that
 *   already has lit, viem and zod from the registry, installing the tarball
 *   adds no second copy (`npm ls viem lit zod`). This part needs the registry.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { checkPackage } from '../../scripts/check-package.ts';
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.js';
import { de } from '../../src/i18n/de.js';
import { en } from '../../src/i18n/en.js';
import { launchChromium } from './helpers/browser.js';
import { packPackage, removeDir, ROOT, run, type PackResult } from './helpers/build.js';
import { APP_COMPILER_OPTIONS } from './helpers/app-tsconfig.js';
import { startStaticServer, type StaticServer } from './helpers/static-server.js';

/**
 * Unpacked size of the tarball: what an integrator installs. The package
 * ships the script-tag folder (WalletConnect's client is one file of it,
 * fetched only when the user picks WalletConnect), the bundlers' build
 * (minified, names of functions and classes kept), each language table once
 * (the script build's language files, which the bundlers' build imports
 * too), the declarations an integrator's compiler reaches
 * (scripts/prune-declarations.mjs), the manifest of the public members, README,
 * CHANGELOG and the reference docs; no pictures (README's screenshots stay in
 * the repository) and no source maps. Its history is in CHANGELOG.md.
 */
const UNPACKED_BUDGET = 2400 * 1024;
/** What the tarball may hold: anything else (source maps, sources, tests, scratch files) is a packing mistake. */
const ALLOWED_FILES = [
  /^package\.json$/,
  /^README\.md$/,
  // What changed between versions; the README links it.
  /^CHANGELOG\.md$/,
  /^LICENSE$/,
  /^custom-elements\.json$/,
  // The reference the README links (docs/*.md, this version's).
  /^docs\/[\w-]+\.md$/,
  /^bin\/bridge-widget-proxy\.js$/,
  /^dist\/[\w./-]+\.js$/,
  /^dist\/types\/[\w./-]+\.d\.ts$/,
];

const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const vueTsc = path.join(ROOT, 'node_modules/vue-tsc/bin/vue-tsc.js');
const svelteCheck = path.join(ROOT, 'node_modules/svelte-check/bin/svelte-check');
const snippets = path.join(ROOT, 'test/fixtures/snippets');

let dir: string;
let pack: PackResult;
let app: string;
let browser: Browser | undefined;
let server: StaticServer | undefined;

before(async () => {
  // Under tmp/ (git-ignored), not node_modules/.cache: svelte-check skips
  // every file below a node_modules folder, and would check nothing.
  mkdirSync(path.join(ROOT, 'tmp'), { recursive: true });
  dir = mkdtempSync(path.join(ROOT, 'tmp', 'package-install-'));
  pack = await packPackage(dir);
  app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'bridge-widget-host', private: true, type: 'module' }, null, 2));
  const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    mkdirSync(path.dirname(path.join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(app, 'node_modules', name), 'dir');
  }
  const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', pack.tarball], { cwd: app });
  assert.match(installed, /added 1 package/, 'npm unpacked the tarball and fetched nothing');
});

after(async () => {
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

/** Runs a checker that is expected to fail; returns its output (fails the test if it passes). */
async function expectFailure(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const output = await run(process.execPath, [command, ...args], { cwd });
    assert.fail(`${path.basename(command)} passed, but the deliberate mistake must be reported:\n${output}`);
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    return (error as Error).message;
  }
}

/** Copies a snippet next to a copy with one deliberate mistake (`from` replaced by `to`). */
function stageSnippet(folder: string, file: string, from: string, to: string): string {
  mkdirSync(folder, { recursive: true });
  const text = readFileSync(path.join(snippets, file), 'utf8');
  assert.ok(text.includes(from), `${file} contains ${from}`);
  writeFileSync(path.join(folder, file), text);
  const mistake = file.replace(/^Bridge/, 'BridgeMistake');
  writeFileSync(path.join(folder, mistake), text.replace(from, to));
  return mistake;
}

/** The lines of `output` that report an error, and those among them that name `mistake`. */
function errorLines(output: string, pattern: RegExp, mistake: string): { all: string[]; inMistake: string[] } {
  const all = output.split('\n').filter((line) => pattern.test(line));
  return { all, inMistake: all.filter((line) => line.includes(mistake)) };
}

const TSCONFIG = APP_COMPILER_OPTIONS;

describe('the packed package', { timeout: 300_000 }, () => {
  it('ships LICENSE, the entries, no source maps and nothing else, within its size budget', () => {
    const files = pack.files.map((file) => file.path);
    const strays = files.filter((file) => !ALLOWED_FILES.some((pattern) => pattern.test(file)));
    assert.deepEqual(strays, [], 'files outside the allowed list');
    assert.ok(files.includes('LICENSE'), 'LICENSE ships');
    assert.match(readFileSync(path.join(app, 'node_modules/bridge-widget/LICENSE'), 'utf8'), /^MIT License/);
    assert.deepEqual(
      files.filter((file) => file.endsWith('.map')),
      [],
      'no source maps',
    );
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> };
    const targets = Object.values(pkg.exports)
      .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
      .flatMap((target) => (target.includes('*') ? LOCALE_ADD_ONS.map((code) => target.replace('*', code)) : [target]))
      .map((target) => target.replace(/^\.\//, ''));
    assert.deepEqual(
      targets.filter((target) => !files.includes(target)),
      [],
      'every exports target (each language for the wildcards) is in the tarball',
    );
    assert.ok(pack.unpackedSize <= UNPACKED_BUDGET, `unpacked ${(pack.unpackedSize / 1024).toFixed(1)} KB, budget ${UNPACKED_BUDGET / 1024} KB`);
  });

  it('its README and docs/*.md link only to what it ships, or to the web', () => {
    const files = pack.files.map((file) => file.path);
    const docs = files.filter((file) => file === 'README.md' || /^docs\/[\w-]+\.md$/.test(file));
    assert.ok(docs.includes('docs/security.md'), `the docs ship: ${docs.join(', ')}`);
    const unshipped = docs.flatMap((doc) => {
      const text = readFileSync(path.join(app, 'node_modules/bridge-widget', doc), 'utf8');
      // Pictures are left out of the package (they show where the repository is read), so only text links count.
      const links = [...text.matchAll(/(?<!!\[[^\]]*)\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((link) => !/^(https?:|mailto:|#)/.test(link));
      return links
        .map((link) => ({ link, file: path.posix.normalize(path.posix.join(path.posix.dirname(doc), link.replace(/#.*$/, ''))) }))
        .filter(({ file }) => !files.includes(file))
        .map(({ link }) => `${doc} → ${link}`);
    });
    assert.deepEqual(unshipped, []);
  });

  it('publint and arethetypeswrong report nothing (scripts/check-package.ts)', async () => {
    const { ok, report } = await checkPackage(path.join(dir, 'package'));
    assert.ok(ok, report);
  });
});

describe('a vite production build of a host app (test/fixtures/vite-app)', { timeout: 300_000 }, () => {
  let assets: string;

  before(async () => {
    cpSync(path.join(ROOT, 'test/fixtures/vite-app'), app, { recursive: true });
    await run(process.execPath, [vite, 'build', '--mode', 'production', '--logLevel', 'warn'], { cwd: app });
    const dist = path.join(app, 'dist/assets');
    assets = readdirSync(dist)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
  });

  it('keeps the registration of <bridge-widget>, and splits each language into a chunk of its own that the page loads on demand', () => {
    const chunks = readdirSync(path.join(app, 'dist/assets')).filter((file) => file.endsWith('.js'));
    const german = chunks.filter((file) => readFileSync(path.join(app, 'dist/assets', file), 'utf8').includes(de['widget.noProxy']));
    const english = chunks.filter((file) => readFileSync(path.join(app, 'dist/assets', file), 'utf8').includes(en['widget.noProxy']));
    assert.equal(german.length, 1, `the German table is in one chunk (${german.join(', ')})`);
    assert.ok(!english.includes(german[0]!), 'not in the chunk with the element and its English');
    for (const key of ['widget.noProxy', 'box.send', 'action.connect'] as const) assert.ok(assets.includes(de[key]), `German "${de[key]}" is in the output`);
    assert.match(assets, /["']bridge-widget["']\s*:/, 'the tag table of defineBridgeWidget is in the output');
    assert.match(assets, /\.define\(/, 'customElements.define is called');
  });

  it('the built page shows the widget in German', async () => {
    const dist = path.join(app, 'dist');
    const routes = Object.fromEntries([
      ['/', () => ({ type: 'text/html; charset=utf-8', body: readFileSync(path.join(dist, 'index.html')) })],
      ...readdirSync(path.join(dist, 'assets')).map(
        (file) => [`/assets/${file}`, () => ({ type: 'text/javascript', body: readFileSync(path.join(dist, 'assets', file)) })] as const,
      ),
    ]);
    server = await startStaticServer(routes);
    browser = await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url);
    const notice = page.getByText(de['widget.noProxy']);
    await notice.waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText(en['widget.noProxy']).count(), 0, 'no English left');
    assert.deepEqual(errors, []);
  });
});

describe("the docs' framework snippets against the installed package", { timeout: 300_000 }, () => {
  it('React 19 (Bridge.tsx) type-checks with tsc; a misspelled property (proxyUrll) is reported', async () => {
    const folder = path.join(app, 'react');
    const mistake = stageSnippet(folder, 'Bridge.tsx', 'proxyUrl=', 'proxyUrll=');
    writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSCONFIG, jsx: 'react-jsx' }, files: ['Bridge.tsx', mistake] }));
    const output = await expectFailure(tsc, ['-p', 'tsconfig.json'], folder);
    const errors = errorLines(output, /error TS\d+/, mistake);
    assert.ok(
      errors.inMistake.some((line) => line.includes('proxyUrll')),
      output,
    );
    assert.deepEqual(errors.all, errors.inMistake, 'only the copy with the mistake has errors');
  });

  it('Vue 3 (Bridge.vue) type-checks with vue-tsc (strictTemplates); a misspelled attribute (form-chain) is reported', async () => {
    const folder = path.join(app, 'vue');
    const mistake = stageSnippet(folder, 'Bridge.vue', 'from-chain=', 'form-chain=');
    writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: TSCONFIG, files: ['Bridge.vue', mistake], vueCompilerOptions: { strictTemplates: true } }),
    );
    const output = await expectFailure(vueTsc, ['--noEmit', '-p', 'tsconfig.json'], folder);
    const errors = errorLines(output, /error TS\d+/, mistake);
    assert.ok(errors.inMistake.length > 0, output);
    assert.deepEqual(errors.all, errors.inMistake, 'only the copy with the mistake has errors');
  });

  it('Svelte 5 (Bridge.svelte with app.d.ts) type-checks with svelte-check; a misspelled attribute (proxy-urll) is reported', async () => {
    const folder = path.join(app, 'svelte');
    const mistake = stageSnippet(folder, 'Bridge.svelte', 'proxy-url=', 'proxy-urll=');
    cpSync(path.join(snippets, 'app.d.ts'), path.join(folder, 'app.d.ts'));
    // An empty Svelte config, or svelte-check looks upwards and reads the repository's vite.config.ts.
    writeFileSync(path.join(folder, 'svelte.config.js'), 'export default {};\n');
    writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...TSCONFIG, verbatimModuleSyntax: true }, include: ['*.svelte', '*.ts'] }),
    );
    const output = await expectFailure(svelteCheck, ['--workspace', folder, '--tsconfig', 'tsconfig.json', '--output', 'machine'], folder);
    const errors = errorLines(output, /^\d+ ERROR /, mistake);
    assert.ok(
      errors.inMistake.some((line) => line.includes('proxy-urll')),
      output,
    );
    assert.deepEqual(errors.all, errors.inMistake, 'only the copy with the mistake has errors');
  });
});

describe('dependencies dedupe in a host app (npm ls)', { timeout: 300_000 }, () => {
  it("an app that already has lit, viem and zod (and @lit/task, @noble/hashes, @scure/base, @walletconnect/sign-client, lean-qr) in the declared ranges: the widget uses the app's copy of each", async () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    assert.deepEqual(Object.keys(dependencies).sort(), [
      '@lit/task',
      '@noble/hashes',
      '@scure/base',
      '@walletconnect/sign-client',
      'lean-qr',
      'lit',
      'viem',
      'zod',
    ]);
    for (const [name, range] of Object.entries(dependencies)) assert.match(range, /^\^\d+\.\d+\.\d+$/, `${name} is a caret range, not a pin`);
    // Outside the repository, so npm sees only this app; the registry's current releases, as an app would have them.
    const host = mkdtempSync(path.join(tmpdir(), 'bridge-widget-dedupe-'));
    try {
      writeFileSync(path.join(host, 'package.json'), JSON.stringify({ name: 'dedupe-host', private: true, type: 'module' }));
      const flags = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
      await run('npm', [...flags, ...Object.entries(dependencies).map(([name, range]) => `${name}@${range}`)], { cwd: host });
      await run('npm', [...flags, pack.tarball], { cwd: host });
      // Every installed copy, by where it sits on disk: one path per package means one copy.
      const names = Object.keys(dependencies);
      const listed = await run('npm', ['ls', ...names, '--all', '--parseable'], { cwd: host });
      const paths = [...new Set(listed.split('\n').filter((line) => line.startsWith(host)))];
      for (const name of names) {
        const copies = paths.filter((p) => p.endsWith(`${path.sep}node_modules${path.sep}${name.replace('/', path.sep)}`));
        assert.ok(copies.includes(path.join(host, 'node_modules', name)), `the app's ${name}:\n${listed}`);
        // The widget brings no copy of its own: it uses the app's. (WalletConnect's client pins some of its own dependencies,
        // @noble/hashes among them, so copies nested under its packages are its own, as in any app that uses it.)
        const widgets = copies.filter((p) => p.includes(`${path.sep}bridge-widget${path.sep}node_modules${path.sep}`));
        assert.deepEqual(widgets, [], `no ${name} of the widget's own:\n${listed}`);
      }
      const tree = await run('npm', ['ls', 'viem', 'lit', 'zod', '--all'], { cwd: host });
      assert.match(tree, /bridge-widget@[\s\S]*viem@[\d.]+ deduped/, `the widget uses the app's viem:\n${tree}`);
    } finally {
      removeDir(host);
    }
  });
});

describe('entries in Node, as docs/embedding.md says', { timeout: 120_000 }, () => {
  const probe = `
    const results = {};
    for (const specifier of JSON.parse(process.argv[1])) {
      try { await import(specifier); results[specifier] = 'ok'; } catch (error) { results[specifier] = String(error); }
    }
    process.stdout.write(JSON.stringify(results));`;

  it('the element and language entries import (the script build’s language files are data too); the script build itself (browser only) throws ReferenceError: HTMLElement is not defined', async () => {
    const specifiers = [
      'bridge-widget',
      'bridge-widget/elements',
      ...LOCALE_ADD_ONS.map((code) => `bridge-widget/locales/${code}`),
      'bridge-widget/script',
      ...LOCALE_ADD_ONS.map((code) => `bridge-widget/script/${code}`),
    ];
    const output = await run(process.execPath, ['--input-type=module', '-e', probe, JSON.stringify(specifiers)], { cwd: app });
    const results = JSON.parse(output.slice(output.indexOf('{'))) as Record<string, string>;
    for (const specifier of specifiers) {
      if (specifier === 'bridge-widget/script') assert.equal(results[specifier], 'ReferenceError: HTMLElement is not defined', specifier);
      else assert.equal(results[specifier], 'ok', specifier);
    }
  });
});
