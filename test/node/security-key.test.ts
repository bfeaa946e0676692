/**
 * The routing-service API key never reaches the browser.
 *
 * The sandbox runs with a key made up for this run (`bw-test-<24 random hex>`),
 * so any sighting of it is a leak, never a coincidence. A page served by a
 * bare file server loads only the script-tag build and the development
 * wallet, and a whole transfer runs to `bridge-success` in headless Chromium.
 * Then the same browser provokes the proxy's error answers (unknown paths, a
 * wrong method, a bad parameter, an oversized body, bad JSON, a 429 burst and
 * malformed bodies from the service's fault switches, an upstream that echoes
 * the key, redirects, times out or is down).
 *
 * Everything is recorded and searched for the key in raw, lower/upper case,
 * URL-encoded, hex and base64 (every alignment, standard and URL-safe) forms,
 * and for its random part alone:
 * - every request the browser sent (URL, headers, body) and every response it
 *   received (URL, status, headers, body), from every origin;
 * - the raw bytes the proxy sent to the browser, taken on the wire by a relay
 *   between the two (CORS preflights included, which the browser does not
 *   report as responses);
 * - the page afterwards: the DOM with every shadow root, localStorage,
 *   sessionStorage, cookies, the console;
 * - the proxy's log lines.
 * Also: the package and script builds (every file in dist/, source maps
 * included), the source tree, and what `npm run demo` serves to its pages
 * contain neither this key nor the sandbox's default keys.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer as createTcpServer, connect, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { DEFAULT_API_KEY, DEFAULT_INACTIVE_API_KEY } from '../../sandbox/service/api-keys.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { buildDevWallet, buildPackage, removeDir, ROOT, scratchDir } from './helpers/build.js';
import { launchChromium } from './helpers/browser.js';
import { ScriptedServer, type ScriptedAnswer } from './helpers/scripted-server.js';
import { folderRoutes, startStaticServer, type StaticServer } from './helpers/static-server.js';
import {
  DESTINATION_CHAIN,
  FLOW_WIDGET_TAG,
  flowPageConfig,
  flowScript,
  runTransfer,
  sandboxUsdc,
  SOURCE_CHAIN,
  watchPage,
  type PageLog,
} from './helpers/widget-page.js';

const RANDOM = randomBytes(12).toString('hex');
const API_KEY = `bw-test-${RANDOM}`;
/** Keys that must not appear in anything a browser gets, whatever key a deployment uses. */
const DEFAULT_KEYS = [...new Set(['sandbox-dev-key', DEFAULT_API_KEY, DEFAULT_INACTIVE_API_KEY])];

// --- What counts as a sighting -------------------------------------------------

interface Needle {
  label: string;
  text: string;
  caseInsensitive: boolean;
}

/** The parts of base64(prefix + secret) that depend only on the secret, for each of the three alignments. */
function base64Forms(secret: string): { text: string; how: string }[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: { text: string; how: string }[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const whole = Math.floor((shift + bytes.length) / 3);
    const stable = encoded.slice(shift ? 4 : 0, whole * 4);
    forms.push(
      { text: stable, how: `base64, alignment ${shift}` },
      { text: stable.replace(/\+/g, '-').replace(/\//g, '_'), how: `base64url, alignment ${shift}` },
    );
  }
  return forms;
}

function needlesFor(secret: string, label: string): Needle[] {
  const exact = base64Forms(secret).map(({ text, how }) => ({ label: `${label} (${how})`, text, caseInsensitive: false }));
  const loose = [
    [secret, 'raw'],
    [encodeURIComponent(secret), 'URL-encoded'],
    [encodeURIComponent(encodeURIComponent(secret)), 'URL-encoded twice'],
    [JSON.stringify(secret).slice(1, -1), 'JSON string'],
    [Buffer.from(secret, 'utf8').toString('hex'), 'hex'],
  ].map(([text, how]) => ({ label: `${label} (${how})`, text: text!, caseInsensitive: true }));
  return [...loose, ...exact];
}

const KEY_NEEDLES = [...needlesFor(API_KEY, 'the API key'), ...needlesFor(RANDOM, "the API key's random part")];
const DEFAULT_KEY_NEEDLES = DEFAULT_KEYS.flatMap((key) => needlesFor(key, `the default key ${key}`));
const ALL_NEEDLES = [...KEY_NEEDLES, ...DEFAULT_KEY_NEEDLES];

function dedupe(needles: Needle[]): Needle[] {
  const seen = new Set<string>();
  return needles.filter((n) => {
    const id = `${n.caseInsensitive}:${n.caseInsensitive ? n.text.toLowerCase() : n.text}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Labels of the needles found in `haystack`. */
function sightings(haystack: string, needles: Needle[] = ALL_NEEDLES): string[] {
  const lower = haystack.toLowerCase();
  return dedupe(needles)
    .filter((n) => (n.caseInsensitive ? lower.includes(n.text.toLowerCase()) : haystack.includes(n.text)))
    .map((n) => n.label);
}

// --- A relay that records the proxy's bytes as the browser gets them ------------

interface Relay {
  url: string;
  /** Every byte the proxy sent back, per connection. */
  responses: Buffer[][];
  close(): Promise<void>;
}

async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const responses: Buffer[][] = [];
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((client) => {
    const chunks: Buffer[] = [];
    responses.push(chunks);
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      socket.on('error', () => undefined);
    }
    upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    responses,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// --- Recording the browser ------------------------------------------------------

interface Exchange {
  kind: 'request' | 'response';
  url: string;
  text: string;
}

function recordTraffic(context: BrowserContext): { exchanges: Exchange[]; pending: Promise<unknown>[]; settle(): Promise<void> } {
  const exchanges: Exchange[] = [];
  const pending: Promise<unknown>[] = [];
  context.on('request', (request) => {
    pending.push(
      (async () => {
        const headers = await request.allHeaders().catch(() => request.headers());
        const body = request.postDataBuffer()?.toString('latin1') ?? '';
        exchanges.push({ kind: 'request', url: request.url(), text: `${request.method()} ${request.url()}\n${JSON.stringify(headers)}\n\n${body}` });
      })(),
    );
  });
  context.on('response', (response) => {
    pending.push(
      (async () => {
        const headers = await response.allHeaders().catch(() => response.headers());
        const body = await response.body().then(
          (buffer) => buffer.toString('utf8'),
          (error: Error) => `[body unavailable: ${error.message}]`,
        );
        exchanges.push({ kind: 'response', url: response.url(), text: `${response.status()} ${response.url()}\n${JSON.stringify(headers)}\n\n${body}` });
      })(),
    );
  });
  return {
    exchanges,
    pending,
    async settle() {
      for (;;) {
        const count = pending.length;
        await Promise.allSettled(pending);
        if (pending.length === count) return;
      }
    },
  };
}

/**
 * The DOM (every shadow root too), both storages and document.cookie. A string,
 * so that the transpiler's helpers for named functions do not end up in the page.
 */
const SNAPSHOT_SCRIPT = `(() => {
  const parts = [document.documentElement.outerHTML];
  const roots = [document];
  while (roots.length) {
    for (const element of roots.pop().querySelectorAll('*')) {
      if (element.shadowRoot) {
        parts.push(element.shadowRoot.innerHTML);
        roots.push(element.shadowRoot);
      }
    }
  }
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = 0; i < storage.length; i++) parts.push(storage.key(i) + '=' + storage.getItem(storage.key(i)));
  }
  parts.push(document.cookie);
  return parts.join('\\n');
})()`;

function pageSnapshot(page: Page): Promise<string> {
  return page.evaluate(SNAPSHOT_SCRIPT) as Promise<string>;
}

// --- The run -------------------------------------------------------------------

let dir: string;
let script: string;
let devWallet: string;
let sandbox: SandboxHandle;
let relay: Relay;
let files: StaticServer;
let echoUpstream: ScriptedServer;
let echoProxy: RunningProxyServer;
let browser: Browser;
let context: BrowserContext;
let traffic: ReturnType<typeof recordTraffic>;
let demo: ChildProcess | undefined;
const proxyLog: string[] = [];
const pageLogs: PageLog[] = [];
const snapshots: string[] = [];

const blankPage = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>probes</title></head><body></body></html>';

before(async () => {
  dir = scratchDir('security-key');
  // Both builds, as `npm run build` makes them (declarations are not code a browser gets).
  await buildPackage(dir, { declarations: false });
  script = path.join(dir, 'dist/script/bridge-widget.js');
  devWallet = await buildDevWallet(path.join(dir, 'assets'));
  sandbox = await startSandbox({ apiKey: API_KEY, bridgingDelayMs: 0, pollHintMs: 200, proxyLog: (line) => proxyLog.push(line) });
  relay = await startRelay(sandbox.proxyUrl!);
  files = await startStaticServer({
    '/': () => ({
      type: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>key test</title>
<script type="module" src="/script/bridge-widget.js"></script></head>
<body>${FLOW_WIDGET_TAG}<script type="module">${flowScript(flowPageConfig(sandbox, relay.url))}</script></body></html>`,
    }),
    '/probes.html': () => ({ type: 'text/html', body: blankPage }),
    ...folderRoutes('/script', path.dirname(script)),
    '/dev-wallet.js': () => ({ type: 'text/javascript', body: readFileSync(devWallet) }),
  });
  // A proxy holding the same key in front of an upstream that misbehaves on purpose.
  echoUpstream = await new ScriptedServer().start();
  echoProxy = await startProxyServer({
    upstreamUrl: echoUpstream.url,
    apiKey: API_KEY,
    allowedOrigins: [files.url],
    clientRateLimit: false,
    upstreamTimeoutMs: 1_000,
    host: '127.0.0.1',
    port: 0,
    onLog: (line) => proxyLog.push(line),
  });
  browser = await launchChromium();
  context = await browser.newContext();
  traffic = recordTraffic(context);
});

after(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  if (demo && demo.exitCode === null && demo.signalCode === null) {
    demo.kill('SIGTERM');
    await new Promise((resolve) => demo!.once('exit', resolve));
  }
  await echoProxy?.close();
  await echoUpstream?.stop();
  await files?.close();
  await relay?.close();
  await sandbox?.close();
  removeDir(dir);
});

interface ProbeResult {
  label: string;
  status: number;
  code?: string;
}

/** fetch() from the page, so the answer is something the browser receives. */
async function probe(
  page: Page,
  label: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ProbeResult> {
  const result = await page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, { ...init, cache: 'no-store' });
        const text = await response.text();
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        return { status: response.status, code };
      } catch (error) {
        return { status: 0, code: `fetch failed: ${(error as Error).message}` };
      }
    },
    { url, init },
  );
  return { label, ...result };
}

async function setFaults(patch: unknown): Promise<void> {
  const response = await fetch(`${sandbox.adminUrl}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  assert.equal(response.status, 200, `fault switch ${JSON.stringify(patch)}: ${await response.text()}`);
}

describe('the API key never reaches the browser', { timeout: 150_000 }, () => {
  it('the search recognises the key in every form it looks for', () => {
    const samples = [
      `{"k":"${API_KEY}"}`,
      `X-Key: ${API_KEY.toUpperCase()}`,
      `?k=${encodeURIComponent(`"${API_KEY}"`)}`,
      `masked: bw-t…${RANDOM}`,
      `0x${Buffer.from(API_KEY).toString('hex')}`,
      ...[0, 1, 2].map((n) => Buffer.from(`${'p'.repeat(n)}${API_KEY}!`).toString('base64')),
      ...[0, 1, 2].map((n) => Buffer.from(`${'\xff'.repeat(n)}${API_KEY}?>`, 'latin1').toString('base64url')),
    ];
    for (const sample of samples) assert.notDeepEqual(sightings(sample, KEY_NEEDLES), [], sample);
    assert.deepEqual(sightings('bw-test-0123 sandbox-dev sandbox-key c2FuZGJveA=='), [], 'no false alarm on near misses');
  });

  it("the sandbox really runs with this run's key (and not the default one)", async () => {
    const withKey = await fetch(`${sandbox.serviceUrl}/api/v1/sdk/validate`, { headers: { 'x-api-key': API_KEY } });
    assert.equal(withKey.status, 200);
    assert.equal(((await withKey.json()) as { valid?: boolean }).valid, true);
    const withDefault = await fetch(`${sandbox.serviceUrl}/api/v1/sdk/validate`, { headers: { 'x-api-key': DEFAULT_API_KEY } });
    assert.equal(withDefault.status, 401, 'the default key is not valid in this run');
  });

  it('a whole transfer through the proxy runs to bridge-success', async () => {
    const page = await context.newPage();
    const log = watchPage(page);
    pageLogs.push(log);
    await page.goto(`${files.url}/`);
    // After success the widget reads the balances again: that request goes through the proxy too, and is waited for.
    const succeeded = () => page.evaluate(() => (window as unknown as { seen: { type: string }[] }).seen.some((e) => e.type === 'bridge-success'));
    const balancesAfterSuccess = page.waitForRequest(async (request) => request.url().includes('/data/balances/') && (await succeeded()), { timeout: 120_000 });
    const { outcome } = await runTransfer(page);
    assert.equal(outcome?.type, 'bridge-success', `the transfer ended with ${JSON.stringify(outcome)}; page errors: ${log.errors.join(' | ')}`);
    await (await balancesAfterSuccess).response();
    snapshots.push(await pageSnapshot(page));
    await traffic.settle();
    await page.close();
    const proxied = traffic.exchanges.filter((e) => e.kind === 'response' && e.url.startsWith(relay.url));
    assert.ok(proxied.length >= 5, `the widget's requests went through the recording relay (${proxied.length})`);
  });

  it("the proxy's error answers, the service's faults and a misbehaving upstream reach the browser without the key", async () => {
    const page = await context.newPage();
    pageLogs.push(watchPage(page));
    await page.goto(`${files.url}/probes.html`);
    const api = `${relay.url}/api/v1`;
    const owner = sandbox.readyInfo.account.address;
    const quote = JSON.stringify({
      fromChain: String(SOURCE_CHAIN),
      toChain: String(DESTINATION_CHAIN),
      fromToken: sandboxUsdc(sandbox, SOURCE_CHAIN),
      toToken: sandboxUsdc(sandbox, DESTINATION_CHAIN),
      fromAmount: '1000000',
      fromAddress: owner,
      toAddress: owner,
    });
    const json = { 'content-type': 'application/json' };
    const results: ProbeResult[] = [];
    const run = async (label: string, url: string, init?: Parameters<typeof probe>[3]) => results.push(await probe(page, label, url, init));

    await run('unknown API path', `${api}/does-not-exist`);
    await run('path outside the API', `${relay.url}/admin`);
    await run('legacy unversioned path', `${relay.url}/api/routes/chains`);
    await run('wrong method', `${api}/routes/quote`);
    await run('wrong method, preflighted', `${api}/routes/chains`, { method: 'DELETE' });
    await run('wrong method on quote, preflighted', `${api}/routes/quote`, { method: 'PUT', headers: json, body: quote });
    await run('bad path parameter', `${api}/route-intent/bad.id/status`);
    await run('unknown intent', `${api}/route-intent/0x${'0'.repeat(64)}/status`);
    await run('oversized body', `${api}/routes/quote`, { method: 'POST', headers: json, body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) });
    await run('not JSON', `${api}/routes/quote`, { method: 'POST', headers: json, body: '{"fromChain":' });
    await run('invalid quote', `${api}/routes/quote`, { method: 'POST', headers: json, body: '{}' });
    await run('a key sent by the client (preflighted)', `${api}/sdk/validate`, { headers: { 'x-api-key': 'client-made-up-key' } });
    await setFaults({ rateLimitBurst: { count: 2 } });
    await run('429 burst (1)', `${api}/routes/chains`);
    await run('429 burst (2)', `${api}/routes/quote`, { method: 'POST', headers: json, body: quote });
    await setFaults({ malformedBody: { count: 1 } });
    await run('truncated body', `${api}/routes/chains`);
    await setFaults({ malformedBody: { count: 1, mode: 'not-json' } });
    await run('HTML body', `${api}/sdk/validate`);
    await setFaults({ failedProviders: true });
    await run('every provider failed', `${api}/routes/quote`, { method: 'POST', headers: json, body: quote });
    await setFaults({ failedProviders: [] });
    await run('validate (echoes key details)', `${api}/sdk/validate`);
    // What the demo page's fault panel reads from the sandbox (no proxy there, no key needed).
    await run('sandbox admin info', `${sandbox.adminUrl}/info`);
    await run('sandbox admin faults', `${sandbox.adminUrl}/faults`);
    await run('sandbox admin intents', `${sandbox.adminUrl}/intents`);

    // An upstream that echoes the key it was given, everywhere it can.
    echoUpstream.answer((request): ScriptedAnswer => {
      const key = String(request.headers['x-api-key'] ?? '');
      const url = `${echoUpstream.url}${request.url}?apiKey=${encodeURIComponent(key)}`;
      if (request.url.includes('/status')) return { status: 200, json: { data: 'late' }, delayMs: 3_000 };
      if (request.url.includes('/balances/')) return { status: 302, headers: { location: url }, raw: '' };
      if (request.url.includes('/validate')) return { status: 500, headers: { 'x-debug-key': key }, raw: `upstream failed for key ${key} at ${url}` };
      return {
        status: 200,
        headers: { 'x-echo-key': key, link: `<${url}>; rel="next"`, 'x-request-id': key },
        json: { data: [], debug: { apiKey: key, url, quoted: JSON.stringify({ key }) } },
      };
    });
    const echo = `${echoProxy.url}/api/v1`;
    await run('upstream echoes the key (200)', `${echo}/routes/chains`);
    await run('upstream echoes the key (500)', `${echo}/sdk/validate`);
    await run('upstream redirects with the key', `${echo}/data/balances/${owner}`);
    await run('upstream too slow', `${echo}/route-intent/0x${'1'.repeat(64)}/status`);
    assert.ok(
      echoUpstream.requests.length > 0 && echoUpstream.requests.every((r) => r.headers['x-api-key'] === API_KEY),
      'the echoing upstream was given the key',
    );
    await echoUpstream.stop();
    // Not the catalog: a cached chain list would (rightly) still be served while the upstream is down.
    await run('upstream down', `${echo}/route-intent/0x${'2'.repeat(64)}/status`);

    snapshots.push(await pageSnapshot(page));
    await traffic.settle();
    await page.close();

    const byLabel = Object.fromEntries(results.map((r) => [r.label, `${r.status}${r.code ? ` ${r.code}` : ''}`]));
    const status = (label: string) => results.find((r) => r.label === label)?.status;
    // Each error path really ran (statuses, not wording).
    assert.equal(status('unknown API path'), 404, JSON.stringify(byLabel));
    assert.equal(status('wrong method'), 405, JSON.stringify(byLabel));
    // The preflight answer refuses these, so the browser never sends them.
    assert.equal(status('wrong method, preflighted'), 0, JSON.stringify(byLabel));
    assert.equal(status('a key sent by the client (preflighted)'), 0, JSON.stringify(byLabel));
    assert.equal(status('bad path parameter'), 400, JSON.stringify(byLabel));
    assert.equal(status('unknown intent'), 404, JSON.stringify(byLabel));
    assert.equal(status('oversized body'), 413, JSON.stringify(byLabel));
    assert.equal(status('429 burst (1)'), 429, JSON.stringify(byLabel));
    assert.equal(status('429 burst (2)'), 429, JSON.stringify(byLabel));
    assert.equal(status('every provider failed'), 502, JSON.stringify(byLabel));
    assert.equal(status('upstream echoes the key (200)'), 200, JSON.stringify(byLabel));
    assert.ok((status('upstream too slow') ?? 0) >= 500, JSON.stringify(byLabel));
    assert.ok((status('upstream down') ?? 0) >= 500, JSON.stringify(byLabel));
    assert.ok((status('upstream redirects with the key') ?? 0) >= 500, JSON.stringify(byLabel));
  });

  it('nothing the browser sent, received or kept contains the key or a default key', () => {
    const leaks: string[] = [];
    for (const exchange of traffic.exchanges) {
      const found = sightings(exchange.text);
      if (found.length) leaks.push(`${exchange.kind} ${exchange.url}: ${found.join(', ')}`);
    }
    const responsesSeen = traffic.exchanges.filter((e) => e.kind === 'response').length;
    assert.ok(responsesSeen > 20, `responses were recorded (${responsesSeen})`);
    relay.responses.forEach((chunks, i) => {
      const found = sightings(Buffer.concat(chunks).toString('latin1'));
      if (found.length) leaks.push(`proxy connection #${i} (raw bytes): ${found.join(', ')}`);
    });
    assert.ok(
      relay.responses.some((chunks) => /^HTTP\/1\.1 204/m.test(Buffer.concat(chunks).toString('latin1'))),
      'the relay saw CORS preflight answers',
    );
    snapshots.forEach((snapshot, i) => {
      const found = sightings(snapshot);
      if (found.length) leaks.push(`page ${i} DOM or storage: ${found.join(', ')}`);
    });
    for (const log of pageLogs) {
      const found = sightings([...log.console, ...log.errors].join('\n'));
      if (found.length) leaks.push(`console: ${found.join(', ')}`);
    }
    assert.deepEqual(leaks, []);
  });

  it("neither the browser's cookies nor the proxy's log lines contain the key", async () => {
    const cookies = JSON.stringify(await context.cookies());
    assert.deepEqual(sightings(cookies), [], 'cookies');
    assert.ok(proxyLog.length > 10, `the proxy logged (${proxyLog.length} lines)`);
    assert.deepEqual(sightings(proxyLog.join('\n'), KEY_NEEDLES), []);
  });

  it('the builds (package and script, source maps included) and the source contain no key', () => {
    const list = (root: string): string[] =>
      readdirSync(root).flatMap((name) => {
        const file = path.join(root, name);
        return statSync(file).isDirectory() ? list(file) : [file];
      });
    const built = list(path.join(dir, 'dist'));
    assert.ok(built.some((f) => f.endsWith(path.join('script', 'bridge-widget.js'))) && built.some((f) => f.endsWith('index.js')), 'both builds are there');
    assert.ok(built.filter((f) => f.includes(`${path.sep}script${path.sep}`)).length > 2, 'the script build’s chunks are searched too');
    const sources = list(path.join(ROOT, 'src'));
    const offenders = [...built, ...sources].flatMap((file) => {
      const found = sightings(readFileSync(file, 'latin1'));
      return found.length ? [`${path.relative(ROOT, file)}: ${found.join(', ')}`] : [];
    });
    assert.deepEqual(offenders, []);
  });

  it('npm run demo serves its pages a config without the key', { timeout: 90_000 }, async () => {
    demo = spawn(process.execPath, ['scripts/demo.mjs', '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_API_KEY: API_KEY, BRIDGE_WIDGET_SCRIPT: script },
    });
    const child = demo;
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the demo was not ready within 60 s:\n${output}`)), 60_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        output += `${line}\n`;
        const match = /^Demo ready: (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the demo exited (${signal ?? code}):\n${output}`));
      });
    });
    const leaks: string[] = [];
    const scriptFiles = readdirSync(path.dirname(script)).map((name) => `/script/${name}`);
    for (const file of ['/sandbox-config.json', '/', '/pages/script-tag.html', ...scriptFiles]) {
      const response = await fetch(new URL(file, url));
      const text = `${JSON.stringify(Object.fromEntries(response.headers))}\n${await response.text()}`;
      assert.equal(response.status, 200, file);
      const found = sightings(text);
      if (found.length) leaks.push(`${file}: ${found.join(', ')}`);
    }
    assert.deepEqual(leaks, []);
    child.kill('SIGTERM');
    const exit = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    assert.equal(exit, 0, output);
  });
});
