/**
 * The script-tag build on its own: dist/script/ (the entry bridge-widget.js,
 * its chunks and the language add-ons), built once for this file, is served
 * as a folder with a test page by a bare node:http server (no vite), and a
 * whole transfer runs in headless Chromium against the sandbox, ending with
 * the tokens on the destination chain. The page's only other script is the
 * development wallet, prebuilt from demo/dev-wallet.ts.
 *
 * Also: the build loaded twice (a second copy of the folder under another
 * URL) and next to a copy with another version never throws; another version
 * only warns. (A nested path on another origin, with the page's CSP and a
 * chunk that fails to load: cdn.test.ts. The old URL
 * dist/bridge-widget.min.js: package.test.ts.)
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { init, parse } from 'es-module-lexer';
import type { Browser } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { isCssStyleSheet, minifyLitTemplatesPlugin } from '../../scripts/minify-lit-templates.js';
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.js';
import { buildDevWallet, buildScript, removeDir, ROOT, scratchDir } from './helpers/build.js';
import { launchChromium } from './helpers/browser.js';
import { folderRoutes, startStaticServer, type StaticRoutes, type StaticServer } from './helpers/static-server.js';
import { DESTINATION_CHAIN, FLOW_WIDGET_TAG, flowPageConfig, flowScript, runTransfer, usdcBalance, watchPage } from './helpers/widget-page.js';

const DST = DESTINATION_CHAIN;
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const OTHER_VERSION = '0.0.0-other';

let dir: string;
let script: string;
let scriptDir: string;
/** The folder's files claiming another version (every literal of the version string replaced). */
let otherVersionRoutes: StaticRoutes;
let devWallet: string;
let sandbox: SandboxHandle;
let server: StaticServer | undefined;
let baseUrl: string;
let browser: Browser;

function flowPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <link rel="icon" href="data:,">
  <title>bridge-widget from a script tag</title>
  <script type="module" src="/script/bridge-widget.js"></script>
</head>
<body>
  ${FLOW_WIDGET_TAG}
  <script type="module">
${flowScript(flowPageConfig(sandbox))}
  </script>
</body>
</html>`;
}

const loadTwicePage = (second: string, proxyUrl: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <link rel="icon" href="data:,">
  <title>bridge-widget loaded twice</title>
  <script type="module" src="/script/bridge-widget.js"></script>
  <script type="module" src="/script/bridge-widget.js"></script>
  <script type="module" src="${second}"></script>
  <script type="module">window.scriptsRan = true;</script>
</head>
<body><bridge-widget proxy-url="${proxyUrl}"></bridge-widget></body>
</html>`;

function serve(): Promise<StaticServer> {
  return startStaticServer({
    '/': () => ({ type: 'text/html', body: flowPage() }),
    '/twice.html': () => ({ type: 'text/html', body: loadTwicePage('/copy/bridge-widget.js', sandbox.proxyUrl!) }),
    '/other-version.html': () => ({ type: 'text/html', body: loadTwicePage('/other/bridge-widget.js', sandbox.proxyUrl!) }),
    ...folderRoutes('/script', scriptDir),
    ...folderRoutes('/copy', scriptDir),
    ...otherVersionRoutes,
    '/dev-wallet.js': () => ({ type: 'text/javascript', body: readFileSync(devWallet) }),
  });
}

/** Relative imports of a built file, static and dynamic, as written. */
function relativeImports(code: string): { static: string[]; dynamic: string[]; other: string[] } {
  const [imports] = parse(code);
  const found = { static: [] as string[], dynamic: [] as string[], other: [] as string[] };
  for (const record of imports) {
    if (record.type === 'import-meta') continue;
    const specifier = record.specifier ?? '(computed)';
    if (!specifier.startsWith('./')) found.other.push(specifier);
    else if (record.type === 'dynamic') found.dynamic.push(specifier);
    else found.static.push(specifier);
  }
  return found;
}

before(async () => {
  await init();
  dir = scratchDir('script-tag');
  script = await buildScript(dir);
  scriptDir = path.dirname(script);
  devWallet = await buildDevWallet(path.join(dir, 'assets'));
  // The same build claiming another version: every literal of the version string, in every file of the folder.
  const versionLiteral = new RegExp(`([\`'"])${VERSION.replace(/\./g, '\\.')}\\1`, 'g');
  const withVersion = readdirSync(scriptDir).filter((name) => new RegExp(versionLiteral.source).test(readFileSync(path.join(scriptDir, name), 'utf8')));
  assert.ok(withVersion.length > 0, `a file of the folder (the entry or a chunk it imports) contains the version string ${VERSION}`);
  otherVersionRoutes = Object.fromEntries(
    Object.entries(folderRoutes('/other', scriptDir)).map(([route, file]) => [
      route,
      () => ({ ...file(), body: file().body.toString().replace(versionLiteral, `$1${OTHER_VERSION}$1`) }),
    ]),
  );
  sandbox = await startSandbox({ bridgingDelayMs: 0, pollHintMs: 200 });
  server = await serve();
  baseUrl = server.url;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await sandbox?.close();
  removeDir(dir);
});

describe('dist/script/ on a page with nothing else', { timeout: 150_000 }, () => {
  it('is a folder that needs nothing outside it, whose entry is the whole first load, and uses the production builds of its dependencies', () => {
    const names = readdirSync(scriptDir).sort();
    assert.ok(names.includes('bridge-widget.js'), `the entry: ${names.join(', ')}`);
    assert.ok(
      names.some((name) => !/^bridge-widget(\.[\w-]+)?\.js$/.test(name)),
      `the later moments are chunks beside the entry: ${names.join(', ')}`,
    );
    assert.deepEqual(
      names.filter((name) => !name.endsWith('.js')),
      [],
      'JavaScript only (no source maps: they would carry the dependencies’ sources)',
    );
    for (const code of LOCALE_ADD_ONS) assert.ok(names.includes(`bridge-widget.${code}.js`), `one file per language it may show: bridge-widget.${code}.js`);
    for (const name of names) {
      const code = readFileSync(path.join(scriptDir, name), 'utf8');
      const imports = relativeImports(code);
      assert.deepEqual(imports.other, [], `${name} imports only files of its own folder (./…), nothing bare, nothing above it, nothing computed`);
      for (const specifier of [...imports.static, ...imports.dynamic])
        assert.ok(names.includes(specifier.slice(2)), `${name} imports ${specifier}, which is in the folder`);
      assert.ok(!code.includes('Lit is in dev mode'), `${name}: Lit's production build`);
      assert.ok(!code.includes('process.env'), `${name}: no process.env left for a browser to trip on`);
    }
    const entryImports = relativeImports(readFileSync(script, 'utf8'));
    // One file before anything draws. A static import is one more round trip on a phone (150–250 ms); the bundler
    // (scripts/script-build.ts, Rollup) keeps what the entry shares with later chunks in the entry, and the chunks import it from there.
    assert.deepEqual(entryImports.static, [], 'the entry imports nothing statically: the first load is one file');
    const fromEntry = names.filter((name) => relativeImports(readFileSync(path.join(scriptDir, name), 'utf8')).static.includes('./bridge-widget.js'));
    assert.ok(fromEntry.length > 0, 'later chunks import what they share from the entry');
    assert.ok(
      entryImports.dynamic.some((specifier) => !/^\.\/bridge-widget\.[\w-]+\.js$/.test(specifier)),
      'the entry loads the later moments with import()',
    );
    // The language loader sits in the entry (the whole first load); each language is an import() of a file beside it.
    const languageImports = entryImports.dynamic;
    for (const code of LOCALE_ADD_ONS)
      assert.ok(
        languageImports.includes(`./bridge-widget.${code}.js`),
        `the first load imports bridge-widget.${code}.js, next to itself, when it shows that language`,
      );
  });

  it('runs a whole transfer to bridge-success, and the tokens arrive on the destination chain', async () => {
    const page = await browser.newPage();
    const log = watchPage(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const owner = sandbox.readyInfo.account.address;
    const before = await usdcBalance(sandbox, DST, owner);

    await page.goto(`${baseUrl}/`);
    const { seen, outcome } = await runTransfer(page);
    assert.equal(outcome?.type, 'bridge-success', `the transfer ended with ${JSON.stringify(outcome)}; page errors: ${log.errors.join(' | ')}`);
    const types = seen.map((e) => e.type);
    for (const type of ['bridge-quote', 'bridge-route', 'bridge-transaction', 'bridge-status']) assert.ok(types.includes(type), `${type} was fired`);

    const arrived = (await usdcBalance(sandbox, DST, owner)) - before;
    assert.equal(arrived.toString(), outcome.detail.toAmount, 'the destination balance grew by what bridge-success reported');
    assert.ok(arrived > 0n);

    const widgetScripts = [...new Set(scripts)].filter((p) => p !== '/dev-wallet.js');
    assert.ok(widgetScripts.includes('/script/bridge-widget.js'), `the entry was loaded: ${widgetScripts.join(', ')}`);
    assert.ok(widgetScripts.length > 1, `the transfer loaded later moments as chunks: ${widgetScripts.join(', ')}`);
    assert.deepEqual(
      widgetScripts.filter((p) => !p.startsWith('/script/')),
      [],
      'the widget comes from its folder alone',
    );
    assert.deepEqual(log.errors, [], 'no page errors');
    await page.close();
  });

  it('loaded twice, and as a second copy under another URL, it neither throws nor warns', async () => {
    const page = await browser.newPage();
    const log = watchPage(page);
    await page.goto(`${baseUrl}/twice.html`);
    await page.waitForFunction(() => (window as unknown as { scriptsRan?: boolean }).scriptsRan === true, undefined, { timeout: 30_000 });
    const state = await page.evaluate(() => {
      const element = customElements.get('bridge-widget') as unknown as Record<symbol, string> | undefined;
      const widget = document.querySelector('bridge-widget');
      return {
        version: element?.[Symbol.for('bridge-widget.version')],
        rendered: !!widget?.shadowRoot,
        upgraded: !!element && widget instanceof (element as unknown as typeof HTMLElement),
      };
    });
    assert.deepEqual(state, { version: VERSION, rendered: true, upgraded: true });
    assert.ok(server!.served.includes('/copy/bridge-widget.js'), 'the second copy was loaded');
    assert.deepEqual(log.errors, []);
    assert.deepEqual(
      log.warnings.filter((w) => w.includes('bridge-widget')),
      [],
      'the same version is silent',
    );
    await page.close();
  });

  it('next to a copy with another version, the first registration stays and the other copy only warns', async () => {
    const page = await browser.newPage();
    const log = watchPage(page);
    await page.goto(`${baseUrl}/other-version.html`);
    await page.waitForFunction(() => (window as unknown as { scriptsRan?: boolean }).scriptsRan === true, undefined, { timeout: 30_000 });
    const version = await page.evaluate(
      () => (customElements.get('bridge-widget') as unknown as Record<symbol, string> | undefined)?.[Symbol.for('bridge-widget.version')],
    );
    assert.equal(version, VERSION, 'the first registration wins');
    assert.deepEqual(log.errors, []);
    const expected = `bridge-widget ${OTHER_VERSION}: <bridge-widget> is already defined by version ${VERSION}`;
    assert.ok(
      log.warnings.some((w) => w.startsWith(expected)),
      `a warning starting with “${expected}”; got: ${log.warnings.join(' | ') || 'none'}`,
    );
    await page.close();
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

describe('template minification in the script build (scripts/minify-lit-templates.ts)', () => {
  /** The configured plugin's transform over one module of ours (its filter takes files under src/). */
  async function minify(code: string, file = 'src/a.ts'): Promise<string | undefined> {
    const plugin = minifyLitTemplatesPlugin() as unknown as { transform(this: unknown, code: string, id: string): Promise<{ code: string } | undefined> };
    const context = {
      error: (message: string) => {
        throw new Error(message);
      },
      warn: () => {},
    };
    return (await plugin.transform.call(context, code, path.join(ROOT, file)))?.code;
  }

  it('minifies html and css templates and keeps strings, expressions, <pre>, single spaces and declaration lists', async () => {
    const code = [
      'const t = html`\n  <p class="a">\n    Hello <b>you</b> ${x} and ${y}\n  </p>\n  <pre>\n  keep\n</pre>`;',
      'const s = css`\n  :host {\n    /* note */\n    font: 1em / 1.2 "A  B", serif;\n    content: \'\\\\2022  \';\n    color: ${c};\n    opacity: 0.5;\n  }\n`;',
      'const d = css`\n  --x: #ffffff;\n  --y: 1px;\n`;',
      'const u = `\n  untouched\n`;',
    ].join(' ');
    assert.equal(
      await minify(code),
      [
        // Whitespace between elements collapses to one space, not none: a reader sees the space between inline elements.
        'const t = html` <p class="a"> Hello <b>you</b> ${x} and ${y} </p> <pre>\n  keep\n</pre>`;',
        'const s = css`:host{content:"\\\\2022  ";color:${c};opacity:.5;font:1em/1.2 "A  B",serif}`;',
        'const d = css`\n  --x: #ffffff;\n  --y: 1px;\n`;',
        'const u = `\n  untouched\n`;',
      ].join(' '),
    );
    assert.equal(isCssStyleSheet({ tag: 'css', parts: [{ text: '--x: 1px;' }] }), false, 'a declaration list is left as written');
    assert.equal(await minify(code, 'node_modules/x/a.js'), undefined, 'only our sources');
  });

  it('fails the build on a template it cannot read, rather than shipping it unminified', async () => {
    await assert.rejects(minify('const s = css`a { color: red; } }}} {`;'), /LightningCSS/);
  });

  it('is safe for the widget: no template text relies on preserved whitespace', () => {
    const offenders = sourceFiles(path.join(ROOT, 'src')).filter((file) =>
      /white-space:\s*(pre|pre-wrap|break-spaces)\s*[;}]/.test(readFileSync(file, 'utf8')),
    );
    assert.deepEqual(
      offenders,
      [],
      'white-space: pre/pre-wrap/break-spaces found: html-minifier-next collapses template whitespace; check scripts/minify-lit-templates.ts before relying on it',
    );
  });
});
