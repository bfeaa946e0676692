/**
 * The embedding demo pages (demo/pages/*.html) end to end: `npm run demo`'s
 * server (scripts/demo.mjs, DEMO_PORT=0) serves them against its sandbox, and
 * each page, in headless Chromium, mounts <bridge-widget> its own way (plain
 * HTML with the script-tag build, React 19, Vue 3, Svelte 5), hands it the
 * development wallet as a property, and shows the `bridge-quote` event its
 * own handler received.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoAndBrowserForFile, type DemoLog } from './helpers/demo.ts';

const PAGES = [
  { name: 'script-tag', framework: 'The page' },
  { name: 'react', framework: 'React' },
  { name: 'vue', framework: 'Vue' },
  { name: 'svelte', framework: 'Svelte' },
] as const;

const log: DemoLog = { text: '' };
const demo = demoAndBrowserForFile(log);

describe('embedding demo pages', { timeout: 240_000 }, () => {
  for (const { name, framework } of PAGES) {
    it(`${name}: mounts the widget, sets the wallet as a property, and ${framework === 'The page' ? 'the page' : framework} receives bridge-quote`, async () => {
      const page = await demo.browser.newPage();
      const errors: string[] = [];
      const scripts: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      // Counts the events on the document too, independently of the page's own handler.
      await page.addInitScript(() => {
        const w = window as unknown as { quotesSeen: number };
        w.quotesSeen = 0;
        document.addEventListener('bridge-quote', () => w.quotesSeen++);
      });

      // Not until 'load': the first page waits for the demo's script-tag build (all its chunks and languages), which takes longer than
      // goto's 30 s on a loaded machine; the line below waits for the state it asserts.
      await page.goto(new URL(`pages/${name}.html`, demo.url).href, { waitUntil: 'commit' });
      const line = page.getByTestId('framework-event');
      try {
        await line.filter({ hasText: new RegExp(`^${framework} received bridge-quote #\\d+: \\d+ base units expected`) }).waitFor({ timeout: 60_000 });
      } catch (error) {
        assert.fail(
          `no bridge-quote shown by ${name}: the line says “${await line.textContent().catch(() => '?')}”; errors: ${errors.join(' | ') || 'none'}\n${(error as Error).message}`,
        );
      }

      const state = await page.evaluate(() => {
        const widget = document.querySelector('bridge-widget') as (HTMLElement & { provider?: unknown }) | null;
        const demo = (window as unknown as { demo?: { wallet: unknown; config: { proxyUrl: string } } }).demo;
        const element = customElements.get('bridge-widget');
        return {
          upgraded: !!widget && !!element && widget instanceof element,
          rendered: !!widget?.shadowRoot?.querySelector('[part="primary-button"]'),
          providerIsTheWallet: !!widget && widget.provider === demo?.wallet,
          providerAttribute: widget?.getAttribute('provider') ?? null,
          proxyUrl: (widget as unknown as { proxyUrl?: string } | null)?.proxyUrl,
          expectedProxyUrl: demo?.config.proxyUrl,
          quotesSeen: (window as unknown as { quotesSeen: number }).quotesSeen,
        };
      });
      assert.equal(state.upgraded, true, 'the element is upgraded');
      assert.equal(state.rendered, true, 'the widget rendered');
      assert.equal(state.providerIsTheWallet, true, 'widget.provider is the wallet object itself (set as a property)');
      assert.equal(state.providerAttribute, null, 'no provider attribute');
      assert.equal(state.proxyUrl, state.expectedProxyUrl);
      assert.ok(state.quotesSeen >= 1, 'bridge-quote reached the document');
      if (name === 'script-tag') {
        assert.ok(scripts.includes('/script/bridge-widget.js'), 'the page loaded the script-tag build');
        assert.ok(
          !scripts.some((path) => path.startsWith('/@fs/') && path.includes('/src/')),
          `the widget did not come from the source: ${scripts.join(', ')}`,
        );
      }
      assert.deepEqual(errors, [], 'no page errors');
      await page.close();
    });
  }
});
