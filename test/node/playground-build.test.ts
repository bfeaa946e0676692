/**
 * `npm run build:playground -- --proxy-url <proxy>` as a partner runs it: the
 * folder it writes is served by a bare file server under a deep path of
 * another origin than the proxy (the sandbox's), with no header of its own, so
 * the page's own policy (a meta tag) is all there is. In Chromium the
 * playground lists the sandbox's catalog, its widget follows a control, Copy
 * works, and no Content-Security-Policy violation occurs; a request to another
 * origin is refused (the policy is enforced). `--icons` names the sandbox's
 * icon host for img-src, as a partner names their routing service's.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { launchChromium } from './helpers/browser.js';
import { removeDir, run, scratchDir } from './helpers/build.ts';
import { startStaticServer, type StaticRoutes, type StaticServer } from './helpers/static-server.js';

const PREFIX = '/partner/tools/playground';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

let dir: string;
let sandbox: SandboxHandle;
let files: StaticServer | undefined;
let browser: Browser;
let proxyUrl: string;

function routes(folder: string, prefix: string): StaticRoutes {
  const entries: StaticRoutes = {};
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) Object.assign(entries, routes(file, `${prefix}/${name}`));
    else entries[`${prefix}/${name}`] = () => ({ type: TYPES[path.extname(name)] ?? 'application/octet-stream', body: readFileSync(file) });
  }
  return entries;
}

before(async () => {
  dir = scratchDir('playground-build');
  sandbox = await startSandbox({});
  proxyUrl = sandbox.proxyUrl!;
  await run(process.execPath, ['scripts/build-playground.mjs', '--proxy-url', proxyUrl, '--icons', sandbox.serviceUrl, '--out', dir]);
  files = await startStaticServer(routes(dir, PREFIX));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await files?.close();
  await sandbox?.close();
  removeDir(dir);
});

describe('npm run build:playground', { timeout: 300_000 }, () => {
  it('writes a page with its policy, nothing inline, and the proxy as its one setting', () => {
    const html = readFileSync(path.join(dir, 'playground.html'), 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    assert.ok(policy, 'a Content-Security-Policy meta tag');
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /style-src 'self'(;|$)/);
    assert.ok(policy.includes(`connect-src ${new URL(proxyUrl).origin}`), policy);
    assert.ok(policy.includes(`img-src 'self' ${new URL(sandbox.serviceUrl).origin} data:`), policy);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
    assert.ok(html.includes(`<meta name="bridge-proxy-url" content="${proxyUrl}"`), 'the proxy URL in the page');
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    assert.doesNotMatch(html, /<style|\sstyle="/, 'no inline style');
    assert.doesNotMatch(html, /(src|href)="\//, 'only relative URLs: the folder can live under any path');
    assert.doesNotMatch(html, /Back to the sandbox demo|%SANDBOX_PROXY_URL%/);
  });

  it('runs under its policy from any path: catalog, live widget, Copy, and no violation', async () => {
    const context = await browser.newContext();
    const origin = new URL(files!.url).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await context.newPage();
    const refused: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Through the DevTools protocol, so the listener itself is not subject to the page's policy.
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (event) => w.violations.push(`${event.effectiveDirective} ${event.blockedURI}`), true);
    });
    await page.goto(`${origin}${PREFIX}/playground.html?theme=dark`);
    const controls = page.locator('#controls');
    await controls.getByLabel('Source chain', { exact: true }).locator('option[value="84532"]').waitFor({ state: 'attached', timeout: 60_000 });
    const widget = page.getByTestId('preview').locator('bridge-widget');
    await widget
      .getByText(/Sepolia/)
      .first()
      .waitFor({ timeout: 60_000 });
    await controls.getByLabel('Source chain', { exact: true }).selectOption('84532');
    await controls.getByLabel('Accent colour', { exact: true }).fill('#e6007a');
    await widget
      .getByText(/Base Sepolia/)
      .first()
      .waitFor({ timeout: 60_000 });
    assert.equal(await widget.evaluate((element) => getComputedStyle(element).getPropertyValue('--bridge-color-accent').trim()), '#e6007a');
    assert.equal(await widget.getAttribute('from-chain'), '84532');
    await page.getByRole('button', { name: 'Copy Script tag code' }).click();
    await page.getByTestId('copied').filter({ hasText: 'Copied.' }).waitFor();
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /from-chain="84532" theme="dark"/);

    assert.deepEqual(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), [], 'no violation');
    assert.deepEqual(refused, []);
    assert.deepEqual(errors, []);
    const outside = files!.served.filter((served) => !served.startsWith(`${PREFIX}/`));
    assert.deepEqual(outside, [], 'every file from the folder');

    // The policy is in force: the page may not talk to anything but the proxy.
    await page.evaluate(() => fetch('http://127.0.0.1:9/').catch(() => undefined));
    await page.waitForFunction(() => (window as unknown as { violations: string[] }).violations.length > 0);
    assert.match((await page.evaluate(() => (window as unknown as { violations: string[] }).violations))[0]!, /^connect-src /);
    await context.close();
  });
});
