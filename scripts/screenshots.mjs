#!/usr/bin/env node
// Screenshots of <bridge-widget>'s states, for people to look at (not a test).
// Starts `npm run demo` (the sandbox over local chains and the demo pages),
// drives the script-tag page in headless Chromium through a real transfer and
// the sandbox's fault switches, and writes one PNG per state, width and theme:
//
//   npm run screenshots                      every state, 440 and 390 px, light and dark
//   npm run screenshots -- --only picker     states whose name contains "picker"
//   npm run screenshots -- --out shots/      another folder (default .screenshots/, git-ignored)
//
// CHROME_PATH picks the browser (default /usr/bin/chromium). Animations are
// off (prefers-reduced-motion), so a screenshot never catches a fade.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = option('--only', '');
const outDir = path.resolve(root, option('--out', '.screenshots'));
const WIDTHS = [440, 390];
const THEMES = ['light', 'dark'];
const TIMEOUT = 60_000;

function startDemo() {
  const child = spawn(process.execPath, ['scripts/demo.mjs', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      log += `${line}\n`;
      const match = /^Demo ready: (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the demo exited (${code}):\n${log}`)));
  });
  const stop = () =>
    child.exitCode === null && child.signalCode === null
      ? new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        })
      : Promise.resolve();
  return { ready, stop };
}

let written = 0;

/** One PNG of the widget per width and theme, named `<width>-<theme>-<state>.png`. */
async function capture(page, state) {
  if (!state.includes(only)) return;
  const widget = page.locator('bridge-widget').first();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1400 });
    for (const theme of THEMES) {
      await widget.evaluate((el, t) => el.setAttribute('theme', t), theme);
      // The picker dialogs are fixed over the page: the page shows them, the element alone would not.
      const dialog = await page.locator('[part="dialog"]').count();
      const file = path.join(outDir, `${width}-${theme}-${state}.png`);
      await (dialog ? page.screenshot({ path: file }) : widget.screenshot({ path: file }));
      written++;
      console.log(file);
    }
  }
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const demo = startDemo();
  let browser;
  try {
    const base = await demo.ready;
    const { adminUrl } = await (await fetch(new URL('sandbox-config.json', base))).json();
    const faults = (patch) => fetch(`${adminUrl}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: WIDTHS[0], height: 1400 }, reducedMotion: 'reduce' });
    await page.goto(new URL('pages/script-tag.html', base).href);
    const widget = page.locator('bridge-widget').first();
    const text = (words) => page.getByText(words, { exact: true }).first().waitFor({ timeout: TIMEOUT });
    const primary = page.locator('bridge-widget button.primary').first();

    const amount = async (value, button) => {
      await widget.evaluate((el, v) => el.setAttribute('amount', v), value);
      await text(button);
    };
    await amount('', 'Enter an amount');
    await capture(page, '1-form');
    await amount('2', 'Bridge 2 USDC');
    await capture(page, '2-quote');

    // A fee paid on top (the ETH gas fee of a USDC route) makes a very small transfer a value loss to confirm.
    await faults({ forceProvider: 'swiftbridge' });
    await amount('0.05', 'Confirm the value loss above');
    await capture(page, '2b-fee-on-top');
    await faults({ forceProvider: null });
    await amount('2', 'Bridge 2 USDC');

    // A slippage above 3 % leaves one provider, with other fees: the total says what they were.
    await page.locator('bridge-widget bw-quote-panel [part~="slippage-input"]').first().fill('4');
    await page
      .getByText(/at the previous slippage/)
      .first()
      .waitFor({ timeout: TIMEOUT });
    await capture(page, '2c-fees-were');
    await page.locator('bridge-widget bw-quote-panel [part="slippage-option"]').nth(1).click();
    await text('Bridge 2 USDC');

    // A busy service: the wait counts down.
    await faults({ rateLimitBurst: { count: 1, endpoints: ['quote'], retryAfterSeconds: 8 } });
    await widget.evaluate((el) => el.setAttribute('amount', '2.5'));
    await page
      .getByText(/The bridge service is busy; asking again in \d+ s\./)
      .first()
      .waitFor({ timeout: TIMEOUT });
    await capture(page, '2d-busy');
    await amount('2', 'Bridge 2 USDC');

    for (const [state, picker] of [
      ['3-token-picker', 'bw-token-picker'],
      ['4-chain-picker', 'bw-chain-picker'],
    ]) {
      await page.locator(`bridge-widget ${picker} #trigger`).first().click();
      await page.getByRole('dialog').first().waitFor({ timeout: TIMEOUT });
      await capture(page, state);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: TIMEOUT });
    }

    // Before the first wallet prompt: how many times it will ask, each spender named (hopline: two approvals). The wallet is left open, then Cancel.
    await faults({ forceProvider: 'hopline' });
    await text('Bridge 2 USDC');
    await widget.evaluate((el) => el.provider.hang('eth_sendTransaction'));
    await primary.click();
    await page
      .getByText(/Your wallet will ask you/)
      .first()
      .waitFor({ timeout: TIMEOUT });
    await page.locator('bridge-widget bw-approval-steps [part="badge"]', { hasText: 'Confirm in your wallet' }).first().waitFor({ timeout: TIMEOUT });
    await capture(page, '4b-prompts');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await widget.evaluate((el) => el.provider.clearTraps());
    await faults({ forceProvider: null });
    await text('Bridge 2 USDC');

    // A transfer that stays in transit past its estimate (5 s here), then arrives.
    await faults({ stuckBridge: true, estimatedRouteSeconds: 5 });
    await primary.click();
    await text('Transfer in progress');
    await capture(page, '5-in-transit');
    await page
      .getByText(/Taking longer than usual/)
      .first()
      .waitFor({ timeout: TIMEOUT });
    await capture(page, '6-slow');
    await faults({ stuckBridge: false, estimatedRouteSeconds: null });
    await text('Transfer complete');
    await capture(page, '7-success');

    // A transfer whose destination fails: refunded on the source chain, the refund held back a while, then seen in the balance.
    await page.getByRole('button', { name: 'Start a new transfer' }).click();
    await amount('1', 'Bridge 1 USDC');
    await faults({ failWithRefund: true, holdRefund: true });
    await primary.click();
    await text('Transfer failed');
    await page
      .getByText(/Checking your balance on/)
      .first()
      .waitFor({ timeout: TIMEOUT });
    await capture(page, '8-failed');
    await faults({ holdRefund: false });
    await page
      .getByText(/^Refunded: /)
      .first()
      .waitFor({ timeout: TIMEOUT });
    await capture(page, '8b-refunded');
    await faults({ failWithRefund: false });

    await page.getByRole('button', { name: 'Start a new transfer' }).click();
    await page.locator('bridge-widget bw-transfer-history [part="toggle"]').first().click();
    await page.locator('bridge-widget bw-transfer-history [part="item"]').first().waitFor({ timeout: TIMEOUT });
    await capture(page, '9-history');

    console.log(`${written} screenshots in ${path.relative(root, outDir) || '.'}/`);
  } finally {
    await browser?.close();
    await demo.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
