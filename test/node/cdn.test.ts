/**
 * The script-tag build from a CDN: the folder dist/script/ served from a
 * nested path on a second origin (`http://127.0.0.1:<B>/cdn/bw/1.2.3/`), the
 * page on `http://localhost:<A>/` with a strict Content-Security-Policy whose
 * script-src names that folder, not the CDN's whole origin, and the page's
 * own origin for its own scripts (no 'unsafe-inline', no 'unsafe-eval';
 * connect-src the proxy and the chains' RPC).
 *
 * - A whole transfer runs to `bridge-success` against the sandbox, the tokens
 *   arrive, and every widget file the browser asked for came from the
 *   script's own folder on the CDN (both servers record what they were asked:
 *   the CDN nothing outside the folder, the page's server none of the
 *   widget's files), with no CSP violation.
 * - In another page load the CDN answers 503 for the review chunk: Bridge
 *   shows "Part of the widget could not be loaded" with "Reload the page",
 *   and the wallet is asked to sign nothing. With the CDN serving again, the
 *   reload (the button) gets the widget back and the transfer works.
 * - Subresource Integrity: with what `npm run sri` prints pasted into the page
 *   (an import map whose `integrity` names every file of the folder, the
 *   entry's tag with `integrity`, the map's hash in script-src), a transfer
 *   works; with the review chunk altered by one byte on the CDN, Chromium
 *   refuses it (its integrity error names the chunk) and Bridge shows the
 *   reload message.
 * The CDN sends `Access-Control-Allow-Origin: *`, as CDNs do: module scripts
 * from another origin are fetched in CORS mode.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { buildDevWallet, buildScript, removeDir, ROOT, run, scratchDir } from './helpers/build.js';
import { launchChromium } from './helpers/browser.js';
import { folderRoutes, startStaticServer, type StaticRoutes, type StaticServer } from './helpers/static-server.js';
import {
  DESTINATION_CHAIN,
  FLOW_BUTTON,
  FLOW_WIDGET_TAG,
  flowPageConfig,
  flowScript,
  runTransfer,
  SOURCE_CHAIN,
  usdcBalance,
  waitUntilEnabled,
  watchPage,
  cspWatchedPage,
  type PageLog,
} from './helpers/widget-page.js';

const FOLDER = '/cdn/bw/1.2.3';
/** Wallet methods that sign or send: none may be asked while the review cannot be shown. */
const SIGNING = ['eth_sendTransaction', 'eth_signTransaction', 'eth_sign', 'personal_sign', 'eth_signTypedData_v4', 'wallet_sendCalls'];

let dir: string;
let scriptDir: string;
let reviewChunk: string;
let devWallet: string;
let sandbox: SandboxHandle;
let cdn: StaticServer | undefined;
let site: StaticServer | undefined;
let browser: Browser;
let cdnFolderUrl: string;
let siteUrl: string;
/** File names of the folder the CDN answers 503 for. */
const failing = new Set<string>();
/** File names of the folder the CDN serves with one byte added. */
const altered = new Set<string>();
/** What `npm run sri` printed for the folder at its CDN URL. */
let sri: { html: string; importMapHash: string };

/** Every violation of the page's policy, recorded by a classic script from 'self' that runs first. */
const WATCH_SCRIPT = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(event.effectiveDirective + ' refused ' + event.blockedURI + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
}, true);
`;

/** The same file with one byte more, still valid JavaScript: a space before its first statement (only the entry carries the licence comment). */
function alterOneByte(body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(' '), body]);
}

function cspHeader(extraScriptSources = ''): string {
  const origin = (url: string | null) => new URL(url!).origin;
  const rpc = [...new Set(sandbox.readyInfo.chains.map((chain) => origin(chain.rpcUrl)))];
  return [
    "default-src 'none'",
    // The widget's folder on the CDN (a path ending in / allows the files in it), and the page's own scripts.
    `script-src ${cdnFolderUrl}/ 'self'${extraScriptSources}`,
    "style-src 'self'",
    `img-src 'self' ${origin(sandbox.serviceUrl)} data:`,
    `connect-src ${origin(sandbox.proxyUrl)} ${rpc.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const sitePage = () =>
  cspWatchedPage(
    'bridge-widget from a CDN',
    `  <script type="module" src="${cdnFolderUrl}/bridge-widget.js"></script>\n  <script type="module" src="/page.js"></script>`,
    `  ${FLOW_WIDGET_TAG}`,
  );

/** The page with what `npm run sri` printed in its head, instead of the bare script tag. */
const sriPage = () =>
  cspWatchedPage(
    'bridge-widget from a CDN, with Subresource Integrity',
    `${sri.html}\n  <script type="module" src="/page.js"></script>`,
    `  ${FLOW_WIDGET_TAG}`,
  );

before(async () => {
  dir = scratchDir('cdn');
  scriptDir = path.dirname(await buildScript(dir));
  const review = readdirSync(scriptDir).find((name) => /^transfer-[\w-]+\.js$/.test(name));
  assert.ok(review, `the build has a transfer chunk (the review with the rest of a transfer): ${readdirSync(scriptDir).join(', ')}`);
  reviewChunk = review;
  devWallet = await buildDevWallet(path.join(dir, 'assets'));
  sandbox = await startSandbox({ bridgingDelayMs: 0, pollHintMs: 200 });

  // The CDN: the folder under a versioned path, a 503 for the files in `failing`.
  const cdnRoutes: StaticRoutes = Object.fromEntries(
    Object.entries(folderRoutes(FOLDER, scriptDir)).map(([route, file]) => [
      route,
      () => {
        const name = path.posix.basename(route);
        if (failing.has(name)) return { type: 'text/plain', body: 'service unavailable', status: 503 };
        const served = file();
        return altered.has(name) ? { ...served, body: alterOneByte(Buffer.from(served.body)) } : served;
      },
    ]),
  );
  cdn = await startStaticServer(cdnRoutes, { headers: { 'access-control-allow-origin': '*' } });
  cdnFolderUrl = `${cdn.url}${FOLDER}`;
  // As an integrator runs it: the folder and the URL it is served at.
  sri = JSON.parse(await run(process.execPath, [path.join(ROOT, 'scripts/sri.mjs'), '--dir', scriptDir, '--base', `${cdnFolderUrl}/`, '--json'])) as typeof sri;

  // The site, on another origin (another host name for the same loopback address).
  const js = (body: () => string | Buffer) => () => ({ type: 'text/javascript', body: body() });
  site = await startStaticServer({
    '/': () => ({ type: 'text/html', body: sitePage(), headers: { 'content-security-policy': cspHeader() } }),
    '/sri.html': () => ({ type: 'text/html', body: sriPage(), headers: { 'content-security-policy': cspHeader(` ${sri.importMapHash}`) } }),
    '/csp-watch.js': js(() => WATCH_SCRIPT),
    '/page.js': js(() => flowScript(flowPageConfig(sandbox))),
    '/dev-wallet.js': js(() => readFileSync(devWallet)),
  });
  siteUrl = site.url.replace('//127.0.0.1:', '//localhost:');
  assert.notEqual(new URL(siteUrl).origin, new URL(cdn.url).origin);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await site?.close();
  await cdn?.close();
  await sandbox?.close();
  removeDir(dir);
});

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** A new tab, its page errors and console watched. */
async function openPage(): Promise<{ page: Page; log: PageLog }> {
  const page = await browser.newPage();
  return { page, log: watchPage(page) };
}

/** Closes a tab that ran with no CSP violation and no page error (`says` names what else the assertion covers). */
async function closeClean(page: Page, log: PageLog, says = { violations: 'no CSP violation', errors: 'no page errors' }): Promise<void> {
  assert.deepEqual(await violations(page), [], says.violations);
  assert.deepEqual(log.errors, [], says.errors);
  await page.close();
}

async function walletRequests(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { wallet?: { requests: string[] } }).wallet?.requests ?? [])]);
}

async function sourceNonce(): Promise<number> {
  return sandbox.chain(SOURCE_CHAIN).publicClient.getTransactionCount({ address: sandbox.readyInfo.account.address });
}

describe('the script-tag build from a nested path on another origin, under the page’s CSP', { timeout: 240_000 }, () => {
  it('runs a whole transfer; every chunk comes from the script’s own folder on the CDN; no violation', async () => {
    const { page, log } = await openPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const cdnFrom = cdn!.served.length;
    const siteFrom = site!.served.length;
    const owner = sandbox.readyInfo.account.address;
    const before = await usdcBalance(sandbox, DESTINATION_CHAIN, owner);

    await page.goto(`${siteUrl}/`);
    const { seen, outcome } = await runTransfer(page);
    assert.equal(
      outcome?.type,
      'bridge-success',
      `the transfer ended with ${JSON.stringify(outcome)}; violations: ${(await violations(page)).join(' | ')}; page errors: ${log.errors.join(' | ')}`,
    );
    assert.ok(seen.some((e) => e.type === 'bridge-transaction'));
    const arrived = (await usdcBalance(sandbox, DESTINATION_CHAIN, owner)) - before;
    assert.equal(arrived.toString(), outcome.detail.toAmount, 'the destination balance grew by what bridge-success reported');

    // What the servers were asked: the CDN only files of the folder, the site none of the widget's.
    const fromCdn = cdn!.served.slice(cdnFrom);
    assert.deepEqual(
      fromCdn.filter((p) => !p.startsWith(`${FOLDER}/`)),
      [],
      `the CDN was asked for files outside the script's folder: ${fromCdn.join(', ')}`,
    );
    const files = readdirSync(scriptDir);
    assert.deepEqual(
      fromCdn.filter((p) => !files.includes(path.posix.basename(p))),
      [],
      'every file asked for exists in the folder',
    );
    assert.ok(fromCdn.includes(`${FOLDER}/bridge-widget.js`), 'the entry');
    assert.ok(fromCdn.includes(`${FOLDER}/${reviewChunk}`), `the review chunk (${reviewChunk})`);
    assert.ok(fromCdn.length >= 3, `the entry and the chunks of a transfer: ${fromCdn.join(', ')}`);
    assert.deepEqual(
      site!.served.slice(siteFrom).sort(),
      ['/', '/csp-watch.js', '/dev-wallet.js', '/page.js'],
      'the site served only the page and its own scripts',
    );
    // And what the browser asked for, by full URL.
    const own = new Set(['/csp-watch.js', '/dev-wallet.js', '/page.js'].map((p) => `${siteUrl}${p}`));
    assert.deepEqual(
      [...new Set(scripts)].filter((url) => !own.has(url) && !url.startsWith(`${cdnFolderUrl}/`)),
      [],
      'every widget script came from the folder',
    );

    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    await closeClean(page, log);
  });

  it('a review chunk the CDN fails shows "could not be loaded" with Reload, signs nothing; after the reload the transfer works', async () => {
    const { page, log } = await openPage();
    // Requests to the proxy that start a transfer: the route (after the fresh quote the click asks for).
    const routed: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(sandbox.proxyUrl!) && /\/routes\/route$/.test(new URL(request.url()).pathname)) routed.push(request.url());
    });
    const nonceBefore = await sourceNonce();
    failing.add(reviewChunk);
    let reloaded = false;
    try {
      await page.goto(`${siteUrl}/`);
      const bridge = page.getByRole('button', { name: FLOW_BUTTON });
      await bridge.waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => (window as unknown as { seen: { type: string }[] }).seen.some((e) => e.type === 'bridge-quote'), undefined, {
        timeout: 60_000,
      });
      await waitUntilEnabled(bridge);
      await bridge.click();

      await page.getByText('Part of the widget could not be loaded').waitFor({ timeout: 30_000 });
      const reload = page.getByRole('button', { name: 'Reload the page' });
      await reload.waitFor({ timeout: 10_000 });
      assert.deepEqual(routed, [], 'no route was asked for while the review could not be shown');
      assert.ok(cdn!.served.includes(`${FOLDER}/${reviewChunk}`), 'the review chunk was asked for');
      const asked = await walletRequests(page);
      assert.ok(asked.length > 0, 'the wallet is the page’s (window.wallet) and was asked for the account');
      assert.deepEqual(
        asked.filter((method) => SIGNING.includes(method)),
        [],
        `the wallet was asked to sign while the review could not be shown: ${asked.join(', ')}`,
      );
      assert.ok(
        !(await page.evaluate(() => (window as unknown as { seen: { type: string }[] }).seen.some((e) => e.type === 'bridge-transaction'))),
        'no transaction was reported',
      );

      // Checked once more as the user reloads: the flow did not go on behind the message.
      assert.deepEqual(routed, [], 'no route was asked for while the review could not be shown');
      assert.deepEqual(
        (await walletRequests(page)).filter((method) => SIGNING.includes(method)),
        [],
        'the wallet was asked to sign behind the message',
      );
      // The CDN serves again; the button reloads the page.
      failing.delete(reviewChunk);
      const loaded = page.waitForEvent('load', { timeout: 60_000 });
      await reload.click();
      await loaded;
      reloaded = true;
      // The reloaded page starts from the form: nothing was sent before the reload.
      await page.getByRole('button', { name: FLOW_BUTTON }).waitFor({ timeout: 60_000 });
      assert.equal(await sourceNonce(), nonceBefore, 'no transaction left the account before the reload');

      const { outcome } = await runTransfer(page);
      assert.equal(
        outcome?.type,
        'bridge-success',
        `after the reload the transfer ended with ${JSON.stringify(outcome)}; page errors: ${log.errors.join(' | ')}`,
      );
      assert.deepEqual(await violations(page), [], 'no CSP violation');
    } finally {
      failing.delete(reviewChunk);
      await page.close();
    }
    assert.ok(reloaded);
    // The only errors: the failed chunk (the console's "Failed to load resource" and the rejected import).
    assert.deepEqual(
      log.errors.filter((e) => !/503|Failed to fetch dynamically imported module|Failed to load resource/i.test(e)),
      [],
      'no other page errors',
    );
  });
});

describe('Subresource Integrity for the folder (npm run sri)', { timeout: 240_000 }, () => {
  it('with the import map and the entry’s integrity in the page, a whole transfer works', async () => {
    const { page, log } = await openPage();
    const cdnFrom = cdn!.served.length;
    await page.goto(`${siteUrl}/sri.html`);
    const { outcome } = await runTransfer(page);
    assert.equal(
      outcome?.type,
      'bridge-success',
      `the transfer ended with ${JSON.stringify(outcome)}; violations: ${(await violations(page)).join(' | ')}; page errors: ${log.errors.join(' | ')}`,
    );
    assert.ok(cdn!.served.slice(cdnFrom).includes(`${FOLDER}/${reviewChunk}`), 'the review chunk was loaded, and passed its check');
    await closeClean(page, log, { violations: 'no CSP violation: the import map is allowed by its hash', errors: 'no page errors, no integrity error' });
  });

  it('a chunk altered by one byte is refused: Chromium names it, and Bridge shows the reload message', async () => {
    const { page, log } = await openPage();
    altered.add(reviewChunk);
    try {
      // The idle prefetch asks for the review chunk once the form is interactive.
      const refused = page.waitForEvent('console', {
        predicate: (message) => message.type() === 'error' && /integrity/i.test(message.text()) && message.text().includes(reviewChunk),
        timeout: 60_000,
      });
      await page.goto(`${siteUrl}/sri.html`);
      const message = await refused;
      assert.match(message.text(), /blocked/i, message.text());
      const bridge = page.getByRole('button', { name: FLOW_BUTTON });
      await waitUntilEnabled(bridge);
      await bridge.click();
      await page.getByText('Part of the widget could not be loaded').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Reload the page' }).waitFor({ timeout: 10_000 });
      assert.deepEqual(
        log.errors.filter((e) => !e.includes(reviewChunk) && !/Failed to fetch dynamically imported module/i.test(e)),
        [],
        'the only errors are about the altered chunk',
      );
    } finally {
      altered.delete(reviewChunk);
      await page.close();
    }
  });
});
