/**
 * `npm run demo` end to end: the script starts the sandbox and the page
 * server, the page connects its development wallet in a real browser, the API
 * key never reaches the browser, and SIGTERM stops every server it started.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_READY_TIMEOUT_MS, waitForDemoReady, type DemoLog } from './helpers/demo.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STOP_TIMEOUT_MS = 20_000;
const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// Known to the test, unknown to the page: if it shows up in the browser, the demo leaked it.
const API_KEY = `demo-test-key-${process.pid}-${Date.now()}`;

interface PageConfig {
  proxyUrl: string;
  serviceUrl: string;
  chains: { chainId: number; rpcUrl: string; name: string }[];
  account: { address: string; privateKey: string };
}

let demo: ChildProcess;
let demoUrl: string;
const log: DemoLog = { text: '' };
let browser: Browser | undefined;

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function portIsClosed(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

before(async () => {
  demo = spawn(process.execPath, ['scripts/demo.mjs', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SANDBOX_API_KEY: API_KEY },
  });
  demoUrl = await waitForDemoReady(demo, log);
});

after(async () => {
  await browser?.close();
  if (demo && demo.exitCode === null && demo.signalCode === null) {
    demo.kill('SIGTERM');
    await exited(demo);
  }
});

describe('npm run demo', () => {
  let config: PageConfig;

  it('serves the sandbox config without the API key', async () => {
    const response = await fetch(new URL('/sandbox-config.json', demoUrl));
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.ok(!text.includes(API_KEY), 'the config must not contain the API key');
    config = JSON.parse(text) as PageConfig;
    assert.equal('apiKey' in config, false);
    assert.match(config.proxyUrl, /^http:\/\/127\.0\.0\.1:\d+/);
    assert.deepEqual(
      config.chains.map((chain) => chain.chainId).sort((a, b) => a - b),
      [84532, 11155111],
    );
  });

  it('shows the development wallet connected with the sandbox account, and never hands the page the API key', async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROME_FLAGS });
    const page = await browser.newPage();
    const leaks: string[] = [];
    const pageErrors: string[] = [];
    const checks: Promise<void>[] = [];
    const consoleLines: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => consoleLines.push(message.text()));
    page.on('response', (response) => {
      checks.push(
        (async () => {
          const headers = JSON.stringify(await response.allHeaders());
          const body = await response.body().catch(() => Buffer.alloc(0));
          if (headers.includes(API_KEY) || body.includes(API_KEY)) leaks.push(response.url());
        })(),
      );
    });
    page.on('request', (request) => {
      if (JSON.stringify(request.headers()).includes(API_KEY) || (request.postData() ?? '').includes(API_KEY)) {
        leaks.push(`request ${request.url()}`);
      }
    });

    // The widget's first requests go through the proxy: their responses are what the leak check reads.
    const widgetLoaded = Promise.all(
      [/\/routes\/chains/, /\/routes\/tokens/].map((path) => page.waitForResponse((response) => path.test(response.url()), { timeout: 60_000 })),
    );
    await page.goto(demoUrl);
    await page
      .getByTestId('wallet-status')
      .filter({ hasText: /^Connected$/ })
      .waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('wallet-address').textContent(), config.account.address);
    assert.match((await page.getByTestId('wallet-chain').textContent()) ?? '', /\(11155111\)|\(84532\)/);
    // Balances come from the real chains.
    await page.getByTestId('wallet-balances').getByText('USDC').first().waitFor({ timeout: 30_000 });
    // The wallet speaks EIP-5792, atomic through the sandbox's BatchExecutor, until the panel's switch turns it off.
    const capabilities = () =>
      page.evaluate(async (account) => {
        const wallet = (window as unknown as { demo: { wallet: { request(a: { method: string; params: unknown[] }): Promise<unknown> } } }).demo.wallet;
        try {
          return await wallet.request({ method: 'wallet_getCapabilities', params: [account, ['0xaa36a7']] });
        } catch (error) {
          return { code: (error as { code?: number }).code };
        }
      }, config.account.address);
    const toggle = page.getByTestId('wallet-batching-toggle');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.match(JSON.stringify(await capabilities()), /"0xaa36a7":\{"atomic":\{"status":"(ready|supported)"\}\}/);
    await toggle.click();
    await page
      .getByTestId('wallet-batching')
      .filter({ hasText: /EIP-5792 off/ })
      .waitFor({ timeout: 10_000 });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.deepEqual(await capabilities(), { code: 4200 }, 'method not found');
    await toggle.click();
    await page
      .getByTestId('wallet-batching')
      .filter({ hasText: /EIP-5792 on/ })
      .waitFor({ timeout: 10_000 });
    // The fault panel reached the service's admin endpoints.
    await page.locator('[data-fault="stuck"]:not([disabled])').waitFor({ timeout: 30_000 });
    // The widget, or the placeholder while src/define.ts does not exist yet.
    await page.locator('bridge-widget, [data-testid="widget-missing"]').first().waitFor({ timeout: 30_000 });
    await widgetLoaded;

    await Promise.all(checks);
    assert.deepEqual(leaks, [], 'the API key must never reach the browser');
    assert.deepEqual(pageErrors, []);
    // The demo runs Lit's production build, as a host's bundle would.
    assert.deepEqual(
      consoleLines.filter((line) => /dev mode/i.test(line)),
      [],
    );
  });

  it("completes a deposit transfer by clicking: the development wallet disconnected, the address shown, paid from the demo's other wallet", async () => {
    const page = await browser!.newPage();
    await page.goto(demoUrl);
    await page
      .getByRole('button', { name: 'Connect wallet' })
      .or(page.getByTestId('wallet-status').filter({ hasText: /^Connected$/ }))
      .first()
      .waitFor({ timeout: 30_000 });
    await page
      .getByTestId('wallet-status')
      .filter({ hasText: /^Connected$/ })
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('wallet-connect').click();
    await page.getByRole('button', { name: 'Send from another wallet or an exchange' }).click({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'You send', exact: true }).fill('0.01');
    const sender = (await page.getByTestId('deposit-sender').textContent())!;
    await page.getByLabel(/^You send from/).fill(sender);
    await page.getByLabel(/^Recipient/).fill(config.account.address);
    const show = page.getByRole('button', { name: 'Show the address to pay 0.01 ETH into' });
    await show.and(page.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
    await show.click();
    await page.getByRole('heading', { name: 'Send 0.01 ETH to this address' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('deposit-pay').click();
    await page.getByRole('heading', { name: 'Transfer complete' }).waitFor({ timeout: 60_000 });
    await page.close();
  });

  it('serves the script-tag build to the script-tag and zero-JS pages without a Vite pre-transform error', async () => {
    for (const page of ['/pages/script-tag.html', '/pages/zero-js.html']) {
      const html = await (await fetch(new URL(page, demoUrl))).text();
      assert.match(html, /<script type="module"\s+src="\/script\/bridge-widget\.js"><\/script>/, `${page} loads the script-tag build`);
    }
    // Vite starts its pre-transform while it serves the HTML above; by the time the script has been built and served, a failure would be logged.
    const script = await fetch(new URL('/script/bridge-widget.js', demoUrl));
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    const code = await script.text();
    assert.ok(code.includes('bridge-widget'), 'the built file');
    // Its chunks come from the same folder: one of them, named in the entry, is served as built.
    const chunk = /import\(\s*[`'"]\.\/([\w.-]+\.js)[`'"]/.exec(code)?.[1];
    assert.ok(chunk, 'the entry imports a chunk');
    const served = await fetch(new URL(`/script/${chunk}`, demoUrl));
    assert.equal(served.status, 200, `/script/${chunk}`);
    assert.match(served.headers.get('content-type') ?? '', /javascript/);
    assert.equal((await fetch(new URL('/script/no-such-chunk.js', demoUrl))).status, 404, 'a file the build did not make is not found');
    assert.doesNotMatch(log.text, /Pre-transform error|Failed to load url/);
  });

  it('stops the sandbox and the page server on SIGTERM', async () => {
    await browser?.close();
    browser = undefined;
    demo.kill('SIGTERM');
    const result = await within(exited(demo), STOP_TIMEOUT_MS, 'demo did not stop');
    assert.equal(result.code, 0, log.text);
    const urls = [demoUrl, config.proxyUrl, config.serviceUrl, ...config.chains.map((chain) => chain.rpcUrl)];
    for (const url of urls) assert.equal(await portIsClosed(url), true, `${url} still accepts connections`);
  });
});

describe('npm run demo when the sandbox cannot start', () => {
  it("prints the sandbox's error output and exits 1", async () => {
    // An invalid setting the sandbox CLI refuses at start-up (see sandbox/cli.ts).
    const child = spawn(process.execPath, ['scripts/demo.mjs', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_BRIDGING_DELAY_MS: 'not-a-number' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const result = await within(exited(child), DEMO_READY_TIMEOUT_MS, 'demo did not give up');
    assert.equal(result.code, 1);
    assert.match(stderr, /could not start the sandbox/);
    assert.match(stderr, /not-a-number/, "the sandbox's own error is shown");
    assert.doesNotMatch(stdout, /Demo ready/);
  });
});
