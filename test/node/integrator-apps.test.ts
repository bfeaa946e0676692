/**
 * The stacks integrators use, built for real from the packed tarball.
 * Each app is installed from the npm registry into a scratch folder outside the
 * repository (inside it, bundlers resolve `bridge-widget` to the repository's
 * own source), uses the docs' own snippet for its framework (README.md, docs/embedding.md)
 * (test/fixtures/snippets) with the sandbox's proxy URL written in, and is
 * driven in Chromium against the sandbox with the development wallet injected
 * as sandbox/dev-wallet.js says (`page.addInitScript`):
 *
 * - Next.js 16 App Router (test/fixtures/next-app): `next build` prerenders the
 *   README's React snippet with camelCase props (`/`) and with the hyphenated
 *   attribute names (`/attributes`); `next start` serves them, and a direct
 *   load has the properties set after hydration and quotes; `next dev` logs no
 *   hydration warning.
 * - Vite + React 19 + wagmi 3 (test/fixtures/wagmi-app): docs/embedding.md's wagmi
 *   recipe; the user connects with the widget's Connect button, wagmi
 *   connects, the widget bridges with wagmi's provider: one
 *   `eth_requestAccounts` in all, wagmi's; the recipe type-checks (tsc).
 * - SvelteKit 2 with adapter-node (test/fixtures/sveltekit-app): the README's
 *   Svelte snippet rendered on the server, hydrated, quoting.
 * - A plain page with only the docs' script tag, from the tarball's
 *   script folder: the preset tokens quote USDC to USDC.
 * - A proxy whose ALLOWED_ORIGINS does not name the page: the widget says
 *   bridging is not available on this site, and the console names the setting.
 *
 * Installs and builds are bounded (INSTALL_MS, BUILD_MS); the whole file has
 * its own limit (FILE_MS) below the runner's. The registry must be reachable.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { en } from '../../src/i18n/en.js';
import { launchChromium } from './helpers/browser.js';
import { packPackage, removeDir, ROOT, type PackResult } from './helpers/build.js';
import { folderRoutes, startStaticServer, type StaticRoutes, type StaticServer } from './helpers/static-server.js';
import { watchPage } from './helpers/widget-page.js';
import { DST, SRC } from './helpers/chains.ts';

/** One registry install (the npm cache makes repeats faster). */
const INSTALL_MS = 5 * 60_000;
/** One framework build. */
const BUILD_MS = 5 * 60_000;
/** The whole file, below the 15 min scripts/test.mjs gives a file. */
const FILE_MS = 14 * 60_000;

const SNIPPETS = path.join(ROOT, 'test/fixtures/snippets');
const FIXTURES = path.join(ROOT, 'test/fixtures');
const DEV_WALLET = path.join(ROOT, 'sandbox/dev-wallet.js');

/** What each app installs besides the tarball: current releases of each line, as `npm create`/`npx create-*` would pick. */
const APPS = {
  next: ['next@16', 'react@19', 'react-dom@19', 'typescript@5.9.3', '@types/react@19', '@types/react-dom@19', '@types/node@20'],
  wagmi: [
    'wagmi@3',
    '@tanstack/react-query@5',
    'viem@2',
    'react@19',
    'react-dom@19',
    'vite@8',
    '@vitejs/plugin-react@6',
    'typescript@5.9.3',
    '@types/react@19',
    '@types/react-dom@19',
  ],
  // SvelteKit 3 needs Node 22; the 2.x line runs on Node 20.
  sveltekit: ['@sveltejs/kit@2', '@sveltejs/adapter-node@5', '@sveltejs/vite-plugin-svelte@7', 'svelte@5', 'vite@8', 'typescript@5.9.3'],
} as const;
type App = keyof typeof APPS;

let scratch: string;
let pack: PackResult;
let sandbox: SandboxHandle;
let browser: Browser;
const running: ChildProcess[] = [];
const installed = new Map<App, Promise<string>>();

/** Runs a command with a time limit; rejects with its output when it fails or overruns (the process group is stopped by its id). */
function exec(command: string, args: string[], cwd: string, timeoutMs: number, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      stopGroup(child);
      reject(new Error(`${command} ${args.join(' ')} took longer than ${timeoutMs / 1000} s:\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}) in ${cwd}:\n${output.slice(-4000)}`));
    });
  });
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Starts a server (its own process group) and resolves with the first URL it prints. */
function serve(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} printed no URL within 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /https?:\/\/(?:127\.0\.0\.1|localhost):\d+/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve(url.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before serving:\n${output}`)));
  });
}

/** Stops every server `serve` started, each by its process group id. */
async function stopServers(): Promise<void> {
  await Promise.all(
    running.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          stopGroup(child);
        }),
    ),
  );
}

/** A scratch app: the fixture files copied, its framework installed from the registry (started at once, awaited when needed). */
function prepare(app: App, fixture: string): string {
  const dir = path.join(scratch, app);
  cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `${app}-host`, private: true, type: 'module' }, null, 2));
  const npm = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  installed.set(
    app,
    exec('npm', [...npm, ...APPS[app]], dir, INSTALL_MS).then(async (frameworkOutput) => {
      // The tarball once it is packed: npm adds the package and its dependencies, sharing what the app has.
      await packed;
      return frameworkOutput + (await exec('npm', [...npm, pack.tarball], dir, INSTALL_MS));
    }),
  );
  return dir;
}
let packed: Promise<unknown>;

/** The sandbox's proxy in place of the README's `/bridge`. */
function withProxy(text: string, proxyUrl = sandbox.proxyUrl!): string {
  assert.ok(text.includes('"/bridge"'), 'the snippet names /bridge');
  return text.replaceAll('"/bridge"', `"${proxyUrl}"`);
}

/** The development wallet as sandbox/dev-wallet.js tells a test runner to inject it. */
async function withDevWallet(context: BrowserContext, extra: { injectEthereum?: boolean } = {}): Promise<void> {
  const ready = sandbox.readyInfo;
  await context.addInitScript((config) => ((window as unknown as { bridgeDevWallet: unknown }).bridgeDevWallet = config), {
    privateKey: ready.account.privateKey,
    chains: ready.chains,
    ...extra,
  });
  await context.addInitScript({ path: DEV_WALLET });
}

/** What the first <bridge-widget> on the page holds after hydration. */
function widgetState(page: Page) {
  return page.evaluate(() => {
    const widget = document.querySelector('bridge-widget') as (HTMLElement & Record<string, unknown>) | null;
    const Widget = customElements.get('bridge-widget');
    return {
      upgraded: !!widget && !!Widget && widget instanceof Widget,
      props: widget && {
        proxyUrl: widget.proxyUrl,
        fromChain: widget.fromChain,
        toChain: widget.toChain,
        fromToken: widget.fromToken,
        toToken: widget.toToken,
        amount: widget.amount,
      },
      attributes: widget?.getAttributeNames() ?? [],
    };
  });
}

const presets = (proxyUrl: string, amount = '25') => ({ proxyUrl, fromChain: String(SRC), toChain: String(DST), fromToken: 'USDC', toToken: 'USDC', amount });

/** Connect through the widget's own chooser (the injected wallet announced itself), then wait for the quote on the main button. */
async function connectAndQuote(page: Page, amount = '25'): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click({ timeout: 60_000 });
  await page.getByRole('option', { name: /Dev Wallet/ }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: new RegExp(`^Bridge ${amount} USDC`) }).waitFor({ timeout: 60_000 });
}

/** The files of a built static site, as routes for the bare static server. */
function staticRoutes(dist: string): StaticRoutes {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const routes: StaticRoutes = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else {
        const route = `/${path.relative(dist, file).split(path.sep).join('/')}`;
        routes[route === '/index.html' ? '/' : route] = () => ({ type: types[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
      }
    }
  };
  walk(dist);
  return routes;
}

before(
  async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'bridge-widget-apps-'));
    packed = packPackage(path.join(scratch, 'pack')).then((result) => (pack = result));
    prepare('next', 'next-app');
    prepare('wagmi', 'wagmi-app');
    prepare('sveltekit', 'sveltekit-app');
    // Installs that fail are reported by the test that needs them; the others go on.
    for (const install of installed.values()) install.catch(() => undefined);
    [sandbox, browser] = await Promise.all([startSandbox({ bridgingDelayMs: 0, pollHintMs: 200 }), launchChromium(), packed]).then(([s, b]) => [s, b] as const);
  },
  { timeout: BUILD_MS },
);

after(async () => {
  await stopServers();
  await Promise.allSettled(installed.values());
  await browser?.close();
  await sandbox?.close();
  removeDir(scratch);
});

describe('apps built from the packed tarball', { timeout: FILE_MS }, () => {
  it(
    'Next.js 16 App Router: next build prerenders the README snippet, next start hydrates it with its properties and quotes, next dev logs no hydration warning',
    { timeout: 10 * 60_000 },
    async () => {
      const dir = path.join(scratch, 'next');
      await installed.get('next');
      const snippet = withProxy(readFileSync(path.join(SNIPPETS, 'Bridge.tsx'), 'utf8'));
      writeFileSync(path.join(dir, 'app/Bridge.tsx'), snippet);
      // The same snippet with the hyphenated attribute names.
      const hyphenated = snippet.replace(
        /\b(proxyUrl|fromChain|toChain|fromToken|toToken)=/g,
        (_, name: string) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=`,
      );
      assert.notEqual(hyphenated, snippet);
      writeFileSync(path.join(dir, 'app/BridgeAttributes.tsx'), hyphenated);
      const next = path.join(dir, 'node_modules/next/dist/bin/next');

      const build = await exec(process.execPath, [next, 'build'], dir, BUILD_MS, { NEXT_TELEMETRY_DISABLED: '1' });
      assert.match(build, /○ \/\s/, `/ is prerendered:\n${build}`);
      assert.match(build, /○ \/attributes\s/, `/attributes is prerendered:\n${build}`);
      const prerendered = readFileSync(path.join(dir, '.next/server/app/index.html'), 'utf8');
      assert.match(
        prerendered,
        new RegExp(`<bridge-widget proxyUrl="${sandbox.proxyUrl}" fromChain="${SRC}"`),
        'React writes the camelCase props as attributes',
      );

      const url = await serve(process.execPath, [next, 'start', '-p', '0', '-H', '127.0.0.1'], dir, { NEXT_TELEMETRY_DISABLED: '1' });
      try {
        const context = await browser.newContext();
        await withDevWallet(context);
        const page = await context.newPage();
        const log = watchPage(page);
        await page.goto(url);
        await page.waitForFunction(() => !!document.querySelector('bridge-widget')?.shadowRoot?.querySelector('[part="primary-button"]'), undefined, {
          timeout: 60_000,
        });
        const home = await widgetState(page);
        assert.equal(home.upgraded, true);
        assert.deepEqual(home.props, presets(sandbox.proxyUrl!), 'camelCase props arrive as properties after hydration (read from the lowercased attributes)');
        assert.deepEqual(home.attributes, ['proxyurl', 'fromchain', 'tochain', 'fromtoken', 'totoken', 'amount'], 'the element wrote no attribute of its own');
        await connectAndQuote(page);

        await page.goto(`${url}/attributes`);
        await connectAndQuote(page);
        const attributes = await widgetState(page);
        assert.deepEqual(attributes.props, presets(sandbox.proxyUrl!));
        assert.deepEqual(log.errors, [], 'no page or console errors');
        await context.close();
      } finally {
        await stopServers();
      }

      const devUrl = await serve(process.execPath, [next, 'dev', '-p', '0', '-H', '127.0.0.1'], dir, { NEXT_TELEMETRY_DISABLED: '1' });
      try {
        const page = await browser.newPage();
        const log = watchPage(page);
        await page.goto(devUrl, { timeout: BUILD_MS });
        // The layout's effect runs once React has hydrated the page (test/fixtures/next-app/app/Hydrated.tsx): mismatches are reported before.
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'yes', undefined, { timeout: 120_000 });
        await page.waitForFunction(() => !!document.querySelector('bridge-widget')?.shadowRoot?.querySelector('[part="primary-button"]'));
        const hydration = log.console.filter((line) => /hydrat/i.test(line));
        assert.deepEqual(hydration, [], 'no hydration warning in next dev');
        assert.deepEqual((await widgetState(page)).props, presets(sandbox.proxyUrl!));
        await page.close();
      } finally {
        await stopServers();
      }
    },
  );

  it(
    'Vite + React + wagmi: the recipe of docs/embedding.md connects through wagmi and bridges with one eth_requestAccounts in all, none from the widget',
    { timeout: 8 * 60_000 },
    async () => {
      const dir = path.join(scratch, 'wagmi');
      await installed.get('wagmi');
      const recipe = readFileSync(path.join(SNIPPETS, 'WagmiBridge.tsx'), 'utf8');
      // The host's presets beside the proxy: 2 USDC from the source to the destination chain.
      const presetsJsx = `proxyUrl="${sandbox.proxyUrl}" fromChain="${SRC}" toChain="${DST}" fromToken="USDC" toToken="USDC" amount="2"`;
      assert.ok(recipe.includes('proxyUrl="/bridge"'));
      writeFileSync(path.join(dir, 'WagmiBridge.tsx'), recipe.replace('proxyUrl="/bridge"', presetsJsx));
      const rpcUrls = Object.fromEntries(sandbox.readyInfo.chains.map((c) => [c.chainId, c.rpcUrl]));
      writeFileSync(path.join(dir, 'sandbox.ts'), `export const rpcUrls: Record<number, string> = ${JSON.stringify(rpcUrls)};\n`);
      await exec(process.execPath, [path.join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], dir, BUILD_MS);
      await exec(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build'], dir, BUILD_MS);
      const server: StaticServer = await startStaticServer(staticRoutes(path.join(dir, 'dist')));
      try {
        const context = await browser.newContext();
        await withDevWallet(context);
        const page = await context.newPage();
        const log = watchPage(page);
        await page.goto(server.url);
        await page.getByText('wagmi disconnected').waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: 'Connect wallet' }).click({ timeout: 60_000 });
        await page.getByText(/^wagmi connected 0x/).waitFor({ timeout: 30_000 });
        const bridge = page.getByRole('button', { name: /^Bridge 2 USDC/ });
        await bridge.waitFor({ timeout: 60_000 });
        await page.evaluate(() => {
          const w = window as unknown as { outcome?: string };
          for (const type of ['bridge-success', 'bridge-failed', 'bridge-error']) document.addEventListener(type, () => (w.outcome ??= type));
        });
        await page.waitForFunction(() => {
          const button = document.querySelector('bridge-widget')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="primary-button"]');
          return !!button && !button.disabled && button.textContent!.trim().startsWith('Bridge 2 USDC');
        });
        await bridge.click();
        await page.waitForFunction(() => (window as unknown as { outcome?: string }).outcome, undefined, { timeout: 120_000 });
        const result = await page.evaluate(() => ({
          outcome: (window as unknown as { outcome?: string }).outcome,
          requests: (window as unknown as { devWallet: { requests: string[] } }).devWallet.requests,
          chooser: !!document.querySelector('bridge-widget')?.shadowRoot?.querySelector('bw-wallet-chooser'),
          alerts: [...(document.querySelector('bridge-widget')?.shadowRoot?.querySelectorAll('[role="alert"]') ?? [])].map((n) => n.textContent),
        }));
        assert.equal(result.outcome, 'bridge-success', `alerts: ${result.alerts.join(' | ')}`);
        assert.deepEqual(
          result.requests.filter((m) => m === 'eth_requestAccounts'),
          ['eth_requestAccounts'],
          `one connect prompt in all (wagmi's): ${result.requests.join(', ')}`,
        );
        assert.ok(result.requests.includes('eth_sendTransaction'), 'the widget signed through wagmi’s provider');
        assert.equal(result.chooser, false, 'the widget offered no wallet of its own');
        assert.deepEqual(log.errors, []);
        await context.close();
      } finally {
        await server.close();
      }
    },
  );

  it('SvelteKit 2 (server-rendered per request): the README snippet hydrates with its properties and quotes', { timeout: 6 * 60_000 }, async () => {
    const dir = path.join(scratch, 'sveltekit');
    await installed.get('sveltekit');
    writeFileSync(path.join(dir, 'src/routes/Bridge.svelte'), withProxy(readFileSync(path.join(SNIPPETS, 'Bridge.svelte'), 'utf8')));
    cpSync(path.join(SNIPPETS, 'app.d.ts'), path.join(dir, 'src/app.d.ts'));
    await exec(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build'], dir, BUILD_MS);
    const url = await serve(process.execPath, ['build/index.js'], dir, { HOST: '127.0.0.1', PORT: '0' });
    try {
      const html = await (await fetch(url)).text();
      assert.match(html, new RegExp(`<bridge-widget proxy-url="${sandbox.proxyUrl}" from-chain="${SRC}"`), 'the server HTML carries the attributes');
      const context = await browser.newContext();
      await withDevWallet(context);
      const page = await context.newPage();
      const log = watchPage(page);
      await page.goto(url);
      await page.waitForFunction(() => !!document.querySelector('bridge-widget')?.shadowRoot?.querySelector('[part="primary-button"]'), undefined, {
        timeout: 60_000,
      });
      const state = await widgetState(page);
      assert.deepEqual(state.props, presets(sandbox.proxyUrl!));
      await connectAndQuote(page);
      assert.deepEqual(log.errors, []);
      await context.close();
    } finally {
      await stopServers();
    }
  });

  it("plain pages with the docs' script-tag snippets: the presets quote USDC to USDC (no silent swap); the page's own wallet code connects once", async () => {
    const html = (file: string, head = '') => {
      const snippet = readFileSync(path.join(SNIPPETS, file), 'utf8').replace('https://your-site.example/bridge', sandbox.proxyUrl!);
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">${head}</head><body>${snippet}</body></html>`;
    };
    const server = await startStaticServer({
      '/': () => ({
        type: 'text/html',
        body: html('script-tag.html').replace('https://your-cdn.example/bridge-widget@0.1.0/dist/script/bridge-widget.js', '/script/bridge-widget.js'),
      }),
      '/host-wallet.html': () => ({ type: 'text/html', body: html('host-wallet.html', '<script type="module" src="/script/bridge-widget.js"></script>') }),
      // The tarball's script-tag folder: the entry and the chunks it imports from beside it.
      ...folderRoutes('/script', path.join(scratch, 'pack/package/dist/script')),
    });
    try {
      const context = await browser.newContext();
      await withDevWallet(context);
      const page = await context.newPage();
      const log = watchPage(page);
      await page.goto(server.url);
      await connectAndQuote(page);
      const quoted = await page.evaluate(() => {
        const root = document.querySelector('bridge-widget')!.shadowRoot!;
        return [...root.querySelectorAll('bw-asset-picker')].map(
          (p) =>
            (p as unknown as { selected: string; tokens: { address: string; symbol: string }[] }).tokens.find(
              (t) => t.address === (p as unknown as { selected: string }).selected,
            )?.symbol,
        );
      });
      assert.deepEqual(quoted, ['USDC', 'USDC']);
      assert.deepEqual(log.errors, []);
      await context.close();

      // The page's own wallet code (window.ethereum here): the widget's Connect asks the page, which connects and hands the provider over.
      const hosted = await browser.newContext();
      await withDevWallet(hosted, { injectEthereum: true });
      const host = await hosted.newPage();
      const hostLog = watchPage(host);
      await host.goto(`${server.url}/host-wallet.html`);
      await host.getByRole('button', { name: 'Connect wallet' }).click({ timeout: 60_000 });
      await host.getByRole('button', { name: 'Enter an amount' }).waitFor({ timeout: 30_000 });
      const state = await host.evaluate(() => {
        const widget = document.querySelector('bridge-widget') as HTMLElement & { provider: unknown; metadata: unknown };
        const w = window as unknown as { devWallet: { requests: string[] }; ethereum: unknown };
        return {
          same: widget.provider === w.ethereum,
          metadata: widget.metadata,
          requests: w.devWallet.requests,
          chooser: !!widget.shadowRoot!.querySelector('bw-wallet-chooser'),
        };
      });
      assert.deepEqual(state.metadata, { orderId: 'o-123' });
      assert.equal(state.same, true, 'the page handed window.ethereum over');
      assert.equal(state.chooser, false, 'no chooser of the widget');
      assert.deepEqual(
        state.requests.filter((m) => m === 'eth_requestAccounts'),
        ['eth_requestAccounts'],
      );
      assert.deepEqual(hostLog.errors, []);
      await hosted.close();
    } finally {
      await server.close();
    }
  });

  it('a proxy whose ALLOWED_ORIGINS does not name the page: "not available on this site" in the widget, the setting named in the console', async () => {
    let proxy: RunningProxyServer | undefined;
    const server = await startStaticServer({
      '/': () => ({
        type: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/script/bridge-widget.js"></script></head><body><bridge-widget proxy-url="${proxy!.url}"></bridge-widget></body></html>`,
      }),
      ...folderRoutes('/script', path.join(scratch, 'pack/package/dist/script')),
    });
    // The page is on 127.0.0.1; the proxy allows the same port on localhost only (an integrator's easy mistake: localhost and 127.0.0.1 are different origins).
    const pageOrigin = new URL(server.url).origin;
    proxy = await startProxyServer({
      upstreamUrl: sandbox.serviceUrl,
      apiKey: sandbox.apiKey,
      allowedOrigins: [pageOrigin.replace('127.0.0.1', 'localhost')],
      clientRateLimit: false,
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const page = await browser.newPage();
      const log = watchPage(page);
      await page.goto(server.url);
      await page.getByText(en['error.proxy-refused']).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByText(en['error.network']).count(), 0, 'not "could not be reached"');
      const lines = log.console.filter((line) => line.includes('bridge-widget:'));
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0]!, /This page's origin is not allowed by the bridge proxy \(ALLOWED_ORIGINS\)/);
      assert.ok(lines[0]!.includes(pageOrigin), 'the page origin is named');
      await page.close();
    } finally {
      await server.close();
      await proxy?.close();
    }
  });
});
