/**
 * The recipient field is a chunk of the script-tag build (with its English
 * and the Solana, Cosmos and Bitcoin address rules). In the built script, on
 * the sandbox, with the chunk held back or refused by the network:
 * - "Send to another address" opens the field's place at once, of the field's
 *   height: nothing moves when the chunk arrives;
 * - a destination that needs a recipient with a preset address keeps Bridge
 *   disabled ("Enter a valid recipient") until the rules have checked it;
 * - a chunk that cannot be loaded says so where the field would be.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { bech32 } from '@scure/base';
import type { Browser, Page, Route } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { buildDevWallet, buildScript, removeDir, scratchDir } from './helpers/build.js';
import { launchChromium } from './helpers/browser.js';
import { folderRoutes, startStaticServer, type StaticServer } from './helpers/static-server.js';
import { flowPageConfig, flowScript, SOURCE_CHAIN, watchPage } from './helpers/widget-page.js';

const RECIPIENT_CHUNK = /\/bw\/recipient-[0-9a-f]+\.js$/;
const COSMOS_RECIPIENT = bech32.encode('cata', bech32.toWords(new Uint8Array(20).fill(9)));

let dir: string;
let sandbox: SandboxHandle;
let site: StaticServer;
let browser: Browser;
let widgetTag = '';

before(async () => {
  dir = scratchDir('recipient-chunk');
  const scriptDir = path.dirname(await buildScript(dir));
  const devWallet = await buildDevWallet(path.join(dir, 'assets'));
  sandbox = await startSandbox({ bridgingDelayMs: 0, pollHintMs: 200 });
  const js = (body: () => string | Buffer) => () => ({ type: 'text/javascript', body: body() });
  site = await startStaticServer({
    ...folderRoutes('/bw', scriptDir),
    '/': () => ({
      type: 'text/html',
      body: `<!doctype html><html lang="en"><body style="margin:0"><div style="width:390px">${widgetTag}</div>
<script type="module" src="/bw/bridge-widget.js"></script><script type="module" src="/page.js"></script></body></html>`,
    }),
    '/page.js': js(() => flowScript(flowPageConfig(sandbox))),
    '/dev-wallet.js': js(() => readFileSync(devWallet)),
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await site?.close();
  await sandbox?.close();
  removeDir(dir);
});

/** A page whose requests for the recipient chunk wait for `release()` (then pass, or fail when `fail` is set); `quotes` lists the quotes it asked for. */
async function pageWithHeldChunk(tag: string, fail = false): Promise<{ page: Page; release: () => void; asked: () => boolean; quotes: string[] }> {
  widgetTag = tag;
  const page = await browser.newPage();
  watchPage(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(RECIPIENT_CHUNK, async (route: Route) => {
    asked = true;
    await released;
    await (fail ? route.abort('failed') : route.continue());
  });
  // The quotes the page asks the proxy for.
  const quotes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/routes/quote')) quotes.push(request.url());
  });
  await page.goto(`${site.url}/`);
  return { page, release, asked: () => asked, quotes };
}

/** What the widget's shadow root shows, by a selector: its height, its top, whether it is a defined element with its input. */
const measure = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const root = document.querySelector('bridge-widget')!.shadowRoot!;
    const element = root.querySelector(selector);
    const box = element?.getBoundingClientRect();
    return box && { height: box.height, top: box.top, input: !!element!.shadowRoot?.querySelector('input') };
  }, selector);

const buttonState = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector('bridge-widget')!.shadowRoot!.querySelector<HTMLButtonElement>('[part~="primary-button"]');
    return button && { text: button.textContent!.trim().replace(/\s+/g, ' '), disabled: button.disabled || button.getAttribute('aria-disabled') === 'true' };
  });

describe('the recipient field, a chunk of the script-tag build', { timeout: 240_000 }, () => {
  it('"Send to another address" keeps the field’s place while its chunk is on the way: nothing moves when it arrives', async () => {
    const tag = `<bridge-widget from-chain="${SOURCE_CHAIN}" to-chain="84532" from-token="USDC" to-token="USDC"></bridge-widget>`;
    const { page, release, asked } = await pageWithHeldChunk(tag);
    try {
      const toggle = page.getByRole('button', { name: 'Send to another address' });
      await toggle.waitFor({ timeout: 60_000 });
      await toggle.click();
      await page.waitForFunction(() => !!document.querySelector('bridge-widget')!.shadowRoot!.querySelector('bw-recipient-input'));
      assert.ok(asked(), 'the chunk was asked for (while idle, or by the click)');
      const held = (await measure(page, 'bw-recipient-input'))!;
      const quoteBefore = await measure(page, '[part~="primary-button"]');
      assert.equal(held.input, false, 'the chunk is held back: no field yet');
      release();
      await page.waitForFunction(
        () => !!document.querySelector('bridge-widget')!.shadowRoot!.querySelector('bw-recipient-input')!.shadowRoot?.querySelector('input'),
      );
      const shown = (await measure(page, 'bw-recipient-input'))!;
      assert.ok(Math.abs(shown.height - held.height) < 1, `the place kept (${held.height} px) is the field's height (${shown.height} px)`);
      const quoteAfter = await measure(page, '[part~="primary-button"]');
      assert.ok(quoteBefore && quoteAfter && Math.abs(quoteAfter.top - quoteBefore.top) < 1, 'what is below the field did not move');
    } finally {
      release();
      await page.close();
    }
  });

  it('a Cosmos destination with a preset recipient: asked at once, and Bridge stays disabled until the rules have checked it', async () => {
    const tag = `<bridge-widget from-chain="${SOURCE_CHAIN}" to-chain="cataclysm-1" from-token="USDC" to-token="USDC" amount="2" to-address="${COSMOS_RECIPIENT}"></bridge-widget>`;
    const { page, release, asked, quotes } = await pageWithHeldChunk(tag);
    try {
      await page.waitForFunction(() => !!document.querySelector('bridge-widget')!.shadowRoot!.querySelector('bw-recipient-input'), undefined, {
        timeout: 60_000,
      });
      await page.waitForFunction(() => !!document.querySelector('bridge-widget')!.shadowRoot!.querySelector('[part~="primary-button"]'));
      assert.ok(asked(), 'the chunk is asked for as soon as the destination needs it');
      // The form is complete but for the check: the button says what is missing, and no quote was asked for an unchecked address.
      await page.waitForFunction(
        () => document.querySelector('bridge-widget')!.shadowRoot!.querySelector('[part~="primary-button"]')!.textContent!.trim() === 'Enter a valid recipient',
        undefined,
        { timeout: 60_000 },
      );
      assert.deepEqual(await buttonState(page), { text: 'Enter a valid recipient', disabled: true });
      assert.deepEqual(quotes, [], 'no quote asked while the address is unchecked');
      release();
      await page.waitForFunction(
        () => /^Bridge 2 USDC/.test(document.querySelector('bridge-widget')!.shadowRoot!.querySelector('[part~="primary-button"]')!.textContent!.trim()),
        undefined,
        {
          timeout: 60_000,
        },
      );
      assert.equal((await buttonState(page))!.disabled, false);
    } finally {
      release();
      await page.close();
    }
  });

  it('a chunk the network refuses says "could not be loaded" where the field would be', async () => {
    const tag = `<bridge-widget from-chain="${SOURCE_CHAIN}" to-chain="84532" from-token="USDC" to-token="USDC"></bridge-widget>`;
    const { page, release } = await pageWithHeldChunk(tag, true);
    try {
      const toggle = page.getByRole('button', { name: 'Send to another address' });
      await toggle.waitFor({ timeout: 60_000 });
      release();
      await toggle.click();
      await page.getByText('Part of the widget could not be loaded').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Reload the page' }).waitFor({ timeout: 10_000 });
      assert.equal(await page.evaluate(() => !!document.querySelector('bridge-widget')!.shadowRoot!.querySelector('bw-recipient-input')), false);
      // The toggle still names what it controls: the message, in the field's place.
      const controlled = await page.evaluate(() => {
        const root = document.querySelector('bridge-widget')!.shadowRoot!;
        return root.getElementById(root.querySelector('.recipient-toggle')!.getAttribute('aria-controls')!)?.textContent?.trim();
      });
      assert.match(controlled ?? '', /^Part of the widget could not be loaded/);
    } finally {
      await page.close();
    }
  });
});
