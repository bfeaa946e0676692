#!/usr/bin/env node
// Screenshots of <bridge-widget>'s states, for people to look at (not a test).
// Starts `npm run demo` (the sandbox over local chains and the demo pages),
// drives the script-tag page in headless Chromium through a real transfer and
// the sandbox's fault switches, and writes one PNG per state, width and theme:
//
//   npm run screenshots                      every state in English, 440 and 390 px, light and dark
//   npm run screenshots -- --locale ar       the same in Arabic (any tag the widget takes), into .screenshots/ar/
//   npm run screenshots -- --locale ar,he    several languages, one after the other, each in its own folder
//   npm run screenshots -- --theme light     one theme only
//   npm run screenshots -- --scale 2         device pixels per CSS pixel (sharper text to read back)
//   npm run screenshots -- --only picker     states whose name contains "picker"
//   npm run screenshots -- --only chooser    the wallet chooser on a page without a wallet (and --only walletconnect)
//   npm run screenshots -- --out shots/      another folder (default .screenshots/, git-ignored)
//   npm run screenshots -- --playground      only the playground, configured, into docs/playground.png (docs/playground.md shows it)
//   npm run screenshots -- --docs            the README's and the docs' pictures: the swap box at 390 px (light, dark, Arabic;
//                                            before a quote, quoted, the review, in transit, the deposit address), the wallet chooser on a page without a wallet
//                                            (light, dark) and WalletConnect's dialog, and the playground, into docs/, with
//                                            docs/screenshots.json, the sources each shows, hashed (test/node/screenshots-fresh.test.ts)
//
// States are found by the widget's structure (parts and classes), never by
// its English text, so every language goes through the same run.
// CHROME_PATH picks the browser (default /usr/bin/chromium). Animations are
// off (prefers-reduced-motion), so a screenshot never catches a fade.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { RECORD, WAYS_STATES, screenshotSources, sourcesHash } from './screenshot-sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = option('--only', '');
const DOCS = args.includes('--docs');
const locales = DOCS ? ['', 'ar'] : option('--locale', '').split(',');
const outBase = path.resolve(root, option('--out', '.screenshots'));
const WIDTHS = DOCS ? [390] : [440, 390];
const THEMES = args.includes('--theme') ? [option('--theme')] : ['light', 'dark'];
/**
 * The README's and the docs' pictures (`--docs`), at 390 px into docs/: the swap box's states in English and Arabic, the
 * ways to pay on a page without a wallet in English. `--docs` writes only the pictures scripts/screenshot-sources.mjs lists.
 */
const docsFile = (locale, theme, state) =>
  WAYS_STATES.includes(state) ? `docs/${state}-${locale || theme}.png` : `docs/swap-box-${locale || theme}-${state}.png`;
const DOCS_SHOTS = screenshotSources();
/** A phone's screen (an iPhone 14's 844 CSS pixels): the wallet chooser is a sheet as tall as the screen. */
const PHONE_HEIGHT = 844;
const SCALE = Number(option('--scale', '1'));
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

/** One PNG of the widget per width and theme, named `<width>-<theme>-<state>.png`, in `outDir`. */
async function captureIn(page, outDir, state, locale, height = 1400) {
  if (!state.includes(only)) return;
  const widget = page.locator('bridge-widget').first();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height });
    for (const theme of THEMES) {
      if (DOCS && !(docsFile(locale, theme, state) in DOCS_SHOTS)) continue;
      await widget.evaluate((el, t) => el.setAttribute('theme', t), theme);
      // The picker dialogs are fixed over the page: the page shows them, the element alone would not.
      const dialog = await page.locator('[part="dialog"][open]').count();
      const file = DOCS ? path.join(root, docsFile(locale, theme, state)) : path.join(outDir, `${width}-${theme}-${state}.png`);
      await (dialog ? page.screenshot({ path: file }) : widget.screenshot({ path: file }));
      written++;
      console.log(file);
    }
  }
}

async function main() {
  // The docs' languages each on a demo of their own, as the run of one language alone is: the playground with the first.
  if (DOCS) for (const [i, locale] of locales.entries()) await run([locale], i === 0);
  else await run(locales, args.includes('--playground'));
  if (DOCS) recordDocs();
}

/** One demo: the playground when asked, then each language in `runLocales` in a browser context of its own. */
async function run(runLocales, playground) {
  const demo = startDemo();
  let browser;
  try {
    const base = await demo.ready;
    const { adminUrl, account, otherAccount } = await (await fetch(new URL('sandbox-config.json', base))).json();
    const faults = (patch) => fetch(`${adminUrl}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    if (playground) await shootPlayground(browser, base);
    if (args.includes('--playground')) return;
    for (const locale of runLocales) {
      const outDir = path.join(outBase, locale);
      mkdirSync(outDir, { recursive: true });
      // A context per language: its own storage, so its history holds its own transfers.
      const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 1400 }, reducedMotion: 'reduce', deviceScaleFactor: SCALE });
      // `--only chooser` (or walletconnect) shoots the phone page alone.
      if (!(only && WAYS_STATES.some((state) => state.includes(only)))) {
        await shoot(await context.newPage(), { base, faults, locale, outDir, sender: otherAccount?.address ?? account.address, recipient: account.address });
      }
      await context.close();
      // The ways to pay are what a new visitor without a wallet sees: a context of their own, not the storage of the transfers above.
      if (!(DOCS && locale)) {
        const visitor = await browser.newContext({ viewport: { width: WIDTHS[0], height: 1400 }, reducedMotion: 'reduce', deviceScaleFactor: SCALE });
        await shootWays(await visitor.newPage(), { base, locale, outDir });
        await visitor.close();
      }
    }
  } finally {
    await browser?.close();
    await demo.stop();
  }
}

/**
 * The docs' pictures, quantised to 256 colours when pngquant is on the machine (they ship in the package), and the
 * record of the sources each shows, hashed as they are now (docs/screenshots.json).
 */
function recordDocs() {
  const shots = screenshotSources();
  const quantise = spawnSync('pngquant', ['--version']).status === 0;
  if (quantise) for (const file of Object.keys(shots)) spawnSync('pngquant', ['--force', '--skip-if-larger', '--ext', '.png', '256', path.join(root, file)]);
  else console.log('pngquant not found: the pictures are written as they are (apt-get install pngquant makes them about a third the size)');
  const record = Object.fromEntries(Object.entries(shots).map(([file, sources]) => [file, sourcesHash(sources)]));
  writeFileSync(path.join(root, RECORD), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`wrote ${RECORD}`);
}

/** The playground with a configuration a partner might pick (dark, accent, German, presets), at a desktop width, for docs/playground.md. */
const PLAYGROUND_QUERY =
  'from-chain=11155111&from-token=USDC&to-chain=84532&to-token=USDC&amount=25&lock-presets=true&theme=dark&locale=de&--bridge-color-accent=%23e6007a&--bridge-radius=6px';

async function shootPlayground(browser, base) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 780 },
    reducedMotion: 'reduce',
    deviceScaleFactor: SCALE,
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto(new URL(`playground.html?${PLAYGROUND_QUERY}`, base).href);
  await page.locator('#controls option[value="84532"]').first().waitFor({ state: 'attached', timeout: TIMEOUT });
  await page.getByTestId('preview').locator('bridge-widget').getByText('USDC').first().waitFor({ timeout: TIMEOUT });
  await page.getByRole('tab', { name: 'React' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(root, 'docs/playground.png');
  await page.screenshot({ path: file });
  written++;
  console.log(`wrote ${path.relative(root, file)}`);
  await context.close();
}

/**
 * The wallet's held prompt has been asked for (the demo's wallet panel lists no trap still waiting): Cancel before it
 * would leave the trap armed, and the next transfer's first prompt would hang instead.
 */
function untilTrapTaken(page) {
  return page.waitForFunction(() => !document.querySelector('[data-testid="wallet-traps"]')?.textContent?.trim(), undefined, { timeout: TIMEOUT });
}

/**
 * A page with no wallet in the browser and WalletConnect set up (the demo's phone page), at a phone's height: the
 * chooser, which has no wallet to list and offers the other ways to pay, and WalletConnect's dialog with its code.
 */
async function shootWays(page, { base, locale, outDir }) {
  written = 0;
  await page.goto(new URL('pages/phone.html', base).href, { timeout: 300_000 });
  const widget = page.locator('bridge-widget').first();
  if (locale) await widget.evaluate((el, tag) => el.setAttribute('locale', tag), locale);
  const connect = page.locator('bridge-widget button.primary:not([disabled])').first();
  await connect.waitFor({ timeout: TIMEOUT });
  await connect.click();
  await page.locator('bridge-widget bw-wallet-chooser [part="way"]').first().waitFor({ timeout: TIMEOUT });
  await captureIn(page, outDir, 'wallet-chooser', locale, PHONE_HEIGHT);
  await page.locator('bridge-widget bw-wallet-chooser [part="way"]').first().click();
  await page.locator('bridge-widget bw-walletconnect-dialog bw-qr-code svg').first().waitFor({ timeout: TIMEOUT });
  await captureIn(page, outDir, 'walletconnect', locale, PHONE_HEIGHT);
  console.log(`${written} screenshots in ${path.relative(root, outDir) || '.'}/`);
}

/** Every state of one language, from a fresh page through two transfers. */
async function shoot(page, { base, faults, locale, outDir, sender, recipient }) {
  const capture = (p, state) => captureIn(p, outDir, state, locale);
  written = 0;
  // The demo builds the script-tag file on its first request: on a busy machine that takes a while.
  await page.goto(new URL('pages/script-tag.html', base).href, { timeout: 300_000 });
  const widget = page.locator('bridge-widget').first();
  const shown = (selector) => page.locator(`bridge-widget ${selector}`).first().waitFor({ timeout: TIMEOUT });
  const primary = page.locator('bridge-widget button.primary').first();
  const enabled = () => shown('button.primary:not([disabled])');

  if (locale) {
    await widget.evaluate((el, tag) => el.setAttribute('locale', tag), locale);
    // The language's chunk is loaded and shown once the card says so (`lang` is the table shown).
    const key = await widget.evaluate((el) => el.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('lang'));
    if (!key?.startsWith(locale.split('-')[0]))
      await page.waitForFunction(
        (tag) => document.querySelector('bridge-widget')?.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('lang')?.startsWith(tag.split('-')[0]),
        locale,
        { timeout: TIMEOUT },
      );
  }
  const amount = (value) => widget.evaluate((el, v) => el.setAttribute('amount', v), value);

  await amount('');
  await shown('button.primary[disabled]');
  await capture(page, '1-form');
  await amount('2');
  await shown('.received:not(.placeholder)');
  await enabled();
  await capture(page, '2-quote');
  // The quote's line, opened to the breakdown.
  await page.locator('bridge-widget bw-quote-panel [part="summary"]').first().click();
  await shown('bw-quote-panel [part~="received"]');
  await capture(page, '2a-quote-open');

  // A fee paid on top (the ETH gas fee of a USDC route) makes a very small transfer a value loss to confirm.
  await faults({ forceProvider: 'swiftbridge' });
  await amount('0.05');
  await shown('bw-quote-panel [part~="fee-on-top"]');
  await shown('bw-quote-panel [part="value-loss"]');
  await capture(page, '2b-fee-on-top');
  await faults({ forceProvider: null });
  await amount('2');
  await enabled();

  // A slippage above 3 % leaves one provider, with other fees: the total says what they were. The slippage is behind the gear.
  await page.locator('bridge-widget bw-swap-settings [part="gear"]').first().click();
  await page.locator('bridge-widget bw-swap-settings [part~="slippage-input"]').first().fill('4');
  await capture(page, '2e-settings');
  await page.keyboard.press('Escape');
  await shown('bw-quote-panel [part="fees-were"]');
  await capture(page, '2c-fees-were');
  await page.locator('bridge-widget bw-swap-settings [part="gear"]').first().click();
  await page.locator('bridge-widget bw-swap-settings [part="slippage-option"]').nth(1).click();
  await page.keyboard.press('Escape');
  await enabled();

  // A busy service: the wait counts down.
  await faults({ rateLimitBurst: { count: 1, endpoints: ['quote'], retryAfterSeconds: 8 } });
  await amount('2.5');
  await shown('bw-quote-panel [part~="notice-info"]');
  await capture(page, '2d-busy');
  await amount('2');
  await enabled();

  for (const [state, picker] of [['3-asset-picker', 'bw-asset-picker']]) {
    await page.locator(`bridge-widget ${picker} #trigger`).first().click();
    await page.locator(`bridge-widget ${picker} dialog[open]`).first().waitFor({ timeout: TIMEOUT });
    await capture(page, state);
    await page.keyboard.press('Escape');
    await page.locator(`bridge-widget ${picker} dialog[open]`).first().waitFor({ state: 'detached', timeout: TIMEOUT });
  }

  // What the wallet is about to sign: the demo wallet holds its next prompt, so the review stays; Cancel ends it.
  await page.locator('[data-testid="wallet-hang-next"]').click();
  await primary.click();
  await shown('bw-route-review section');
  await capture(page, '5-review');
  await untilTrapTaken(page);
  await page.locator('bridge-widget button.secondary').first().click();
  await enabled();

  // Before the first wallet prompt: how many times it will ask, each spender named (hopline: two approvals).
  await faults({ forceProvider: 'hopline' });
  await enabled();
  await page.locator('[data-testid="wallet-hang-next"]').click();
  await primary.click();
  await shown('[part="prompts"]');
  await shown('bw-approval-steps [part="badge"]');
  await capture(page, '5b-prompts');
  await untilTrapTaken(page);
  await page.locator('bridge-widget button.secondary').first().click();
  await faults({ forceProvider: null });
  await enabled();

  // A transfer that stays in transit past its estimate (5 s here), then arrives.
  await faults({ stuckBridge: true, estimatedRouteSeconds: 5 });
  await primary.click();
  await shown('bw-status-tracker .heading.bridging');
  await capture(page, '6-in-transit');
  await shown('bw-status-tracker [part~="slow"]');
  await capture(page, '7-slow');
  await faults({ stuckBridge: false, estimatedRouteSeconds: null });
  await shown('bw-status-tracker .heading.success');
  await capture(page, '8-success');

  // A transfer whose destination fails: refunded on the source chain.
  await page.locator('bridge-widget bw-status-tracker [part="new-transfer"]').click();
  await amount('1');
  await shown('.received:not(.placeholder)');
  await enabled();
  await faults({ failWithRefund: true, holdRefund: true });
  await primary.click();
  await shown('bw-status-tracker .heading.refund');
  await capture(page, '9-failed');
  // The refund held back a while, then seen in the source balance: the note changes to say it arrived.
  const refundNote = page.locator('bridge-widget bw-status-tracker [part~="refund"]').first();
  await refundNote.waitFor({ timeout: TIMEOUT });
  const watching = await refundNote.textContent();
  await faults({ holdRefund: false });
  await page.waitForFunction(
    (before) =>
      document.querySelector('bridge-widget')?.shadowRoot?.querySelector('bw-status-tracker')?.shadowRoot?.querySelector('[part~="refund"]')?.textContent !==
      before,
    watching,
    { timeout: TIMEOUT },
  );
  await capture(page, '9b-refunded');
  await faults({ failWithRefund: false });

  await page.locator('bridge-widget bw-status-tracker [part="new-transfer"]').click();
  await page.locator('bridge-widget bw-transfer-history [part="toggle"]').first().click();
  await page.locator('bridge-widget bw-transfer-history [part="item"]').first().waitFor({ timeout: TIMEOUT });
  await capture(page, '10-history');

  // No wallet here: "Send from another wallet or an exchange", the sender and the recipient typed, then the deposit address.
  await page.locator('[data-testid="wallet-connect"]').click();
  await page.locator('bridge-widget [part="deposit-toggle"]').first().click();
  await amount('2');
  await page.locator('bridge-widget #sender input').first().fill(sender);
  await page.locator('bridge-widget #recipient input').first().fill(recipient);
  await enabled();
  await capture(page, '11-deposit-form');
  await primary.click();
  await shown('bw-deposit-address [part="qr"]');
  await capture(page, '12-deposit-address');

  console.log(`${written} screenshots in ${path.relative(root, outDir) || '.'}/`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
