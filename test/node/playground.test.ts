/**
 * The playground (demo/playground.html) as a partner uses it, in Chromium
 * against `npm run demo`'s sandbox: configurations picked through the
 * controls, each framework's snippet copied with its Copy button, mounted in
 * a blank page of the same server (the script tag with the script-tag build,
 * the others compiled as an app would: React and Svelte by the demo's vite,
 * Vue through its SFC compiler) and found there with the same configuration:
 * attributes and properties, custom properties, the chains and tokens shown,
 * the language and the theme. The shared address reopens the same
 * configuration; axe finds nothing on the page.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { parse, compileScript } from 'vue/compiler-sfc';
import { PROXY_URL_PLACEHOLDER, SCRIPT_URL_PLACEHOLDER, SNIPPET_KINDS, SNIPPET_LABELS, type SnippetKind } from '../../demo/playground/snippets.ts';
import { ATTRIBUTE_FIELDS, CSS_FIELDS } from '../../demo/playground/fields.ts';
import ar from '../../src/i18n/ar.ts';
import de from '../../src/i18n/de.ts';
import { en } from '../../src/i18n/en.ts';
import { launchChromium } from './helpers/browser.js';
import { ROOT } from './helpers/build.ts';
import { startDemo, type DemoLog, type RunningDemo } from './helpers/demo.ts';

const WAIT_MS = 90_000;
const scratch = path.join(ROOT, 'tmp', `playground-test-${process.pid}`);

let demo: RunningDemo | undefined;
let demoUrl: string;
let proxyUrl: string;
const log: DemoLog = { text: '' };
let browser: Browser;
let context: BrowserContext;

before(async () => {
  demo = await startDemo(log);
  demoUrl = demo.url;
  proxyUrl = ((await (await fetch(new URL('sandbox-config.json', demoUrl))).json()) as { proxyUrl: string }).proxyUrl;
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(demoUrl).origin });
  mkdirSync(scratch, { recursive: true });
});

after(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** What a partner would check on a mounted widget, read through its public surface only. */
interface WidgetState {
  attributes: Record<string, string | null>;
  properties: Record<string, unknown>;
  css: Record<string, string>;
  themeBackground: string;
  direction: string;
}

async function widgetState(widget: Locator): Promise<WidgetState> {
  return widget.evaluate(
    (element, { attributes, properties, css }) => {
      const style = getComputedStyle(element);
      const record = element as unknown as Record<string, unknown>;
      return {
        attributes: Object.fromEntries(attributes.map((name) => [name, element.getAttribute(name)])),
        properties: Object.fromEntries(properties.map((name) => [name, record[name]])),
        css: Object.fromEntries(css.map((name) => [name, style.getPropertyValue(name).trim()])),
        themeBackground: style.getPropertyValue('--bridge-color-bg').trim(),
        direction: getComputedStyle(element.shadowRoot?.firstElementChild ?? element).direction,
      };
    },
    { attributes: ATTRIBUTE_FIELDS.map((f) => f.name), properties: ATTRIBUTE_FIELDS.map((f) => f.property), css: CSS_FIELDS.map((f) => f.name) },
  );
}

interface Scenario {
  name: string;
  /** Drives the playground's controls, as a user would. */
  pick(page: Page): Promise<void>;
  /** What the widget must show, wherever it is mounted. */
  shows: { texts: RegExp[]; button: string; background: string; direction: 'ltr' | 'rtl' };
  expect: { properties: Record<string, unknown>; css: Record<string, string> };
}

const SCENARIOS: Scenario[] = [
  {
    name: 'presets locked, dark, German, accent and radius',
    async pick(page) {
      await page.locator('#controls').getByLabel('Source chain', { exact: true }).selectOption('84532');
      await page.locator('#controls').getByLabel('Destination chain', { exact: true }).selectOption('11155111');
      await page.locator('#controls').getByLabel('Source token', { exact: true }).fill('USDC');
      await page.locator('#controls').getByLabel('Destination token', { exact: true }).fill('USDC');
      await page.locator('#controls').getByLabel('Amount', { exact: true }).fill('2');
      await page.locator('#controls').getByLabel('Lock the preset fields', { exact: true }).check();
      await page.locator('#controls').getByLabel('Theme', { exact: true }).selectOption('dark');
      await page.locator('#controls').getByLabel('Language', { exact: true }).selectOption('de');
      await page.locator('#controls').getByLabel('Slippage (%)', { exact: true }).fill('0.5');
      await page.locator('#controls').getByLabel('Accent colour', { exact: true }).fill('#e6007a');
      await page.locator('#controls').getByLabel('Corner radius', { exact: true }).fill('4px');
    },
    shows: { texts: [/Base Sepolia/, /USDC/], button: de['action.connect'] as string, background: '#16181d', direction: 'ltr' },
    expect: {
      properties: {
        fromChain: '84532',
        toChain: '11155111',
        fromToken: 'USDC',
        toToken: 'USDC',
        amount: '2',
        lockPresets: true,
        theme: 'dark',
        locale: 'de',
        slippage: 0.5,
      },
      css: { '--bridge-color-accent': '#e6007a', '--bridge-radius': '4px' },
    },
  },
  {
    name: 'Arabic right to left, light, safety and wallet settings, a destination allow-list',
    async pick(page) {
      await page.locator('#controls').getByLabel('Only these destination chains', { exact: true }).selectOption(['84532']);
      await page.locator('#controls').getByLabel('Theme', { exact: true }).selectOption('light');
      await page.locator('#controls').getByLabel('Language', { exact: true }).selectOption('ar');
      await page.locator('#controls').getByLabel('Value-loss threshold (%)', { exact: true }).fill('2');
      await page.locator('#controls').getByLabel('Require simulation', { exact: true }).check();
      await page.locator('#controls').getByLabel('Batching (EIP-5792)', { exact: true }).selectOption('off');
      await page.locator('#controls').getByLabel('Wallet discovery (EIP-6963)', { exact: true }).selectOption('off');
      await page.locator('#controls').getByLabel('Font', { exact: true }).fill("Georgia, 'Times New Roman', serif");
    },
    shows: { texts: [/Base Sepolia/], button: ar['action.connect'] as string, background: '#ffffff', direction: 'rtl' },
    expect: {
      properties: {
        allowToChains: '84532',
        theme: 'light',
        locale: 'ar',
        valueLossThreshold: 2,
        requireSimulation: true,
        batch: 'off',
        walletDiscovery: 'off',
        slippage: 1,
      },
      css: { '--bridge-font': "Georgia, 'Times New Roman', serif" },
    },
  },
];

/** Waits until the widget shows what the scenario says (chains and tokens from the catalog, the language), then reads it. */
async function settled(widget: Locator, scenario: Scenario, where: string): Promise<WidgetState> {
  try {
    for (const text of scenario.shows.texts) await widget.getByText(text).filter({ visible: true }).first().waitFor({ timeout: WAIT_MS });
    await widget.getByRole('button', { name: scenario.shows.button }).waitFor({ timeout: WAIT_MS });
  } catch (error) {
    assert.fail(`${where}: the widget does not show ${scenario.shows.texts.join(', ')} and “${scenario.shows.button}”: ${(error as Error).message}`);
  }
  const state = await widgetState(widget);
  assert.equal(state.themeBackground, scenario.shows.background, `${where}: theme`);
  assert.equal(state.direction, scenario.shows.direction, `${where}: direction`);
  for (const [name, value] of Object.entries(scenario.expect.properties)) assert.deepEqual(state.properties[name], value, `${where}: ${name}`);
  for (const [name, value] of Object.entries(scenario.expect.css)) assert.equal(state.css[name], value, `${where}: ${name}`);
  return state;
}

async function copySnippet(page: Page, kind: SnippetKind): Promise<string> {
  await page.getByRole('tab', { name: SNIPPET_LABELS[kind] }).click();
  await page.getByRole('button', { name: `Copy ${SNIPPET_LABELS[kind]} code` }).click();
  await page.getByTestId('copied').filter({ hasText: 'Copied.' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await page.getByTestId('snippet').textContent(), `${kind}: the clipboard holds the code shown`);
  return copied;
}

const fsUrl = (file: string) => `/@fs${file}`;

/** Writes the copied code as the partner's app would hold it and returns the blank page that mounts it. */
function blankPage(kind: SnippetKind, code: string, id: string): string {
  const filled = code.replaceAll(PROXY_URL_PLACEHOLDER, proxyUrl);
  const dir = path.join(scratch, id);
  mkdirSync(dir, { recursive: true });
  const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${kind}</title></head><body>${body}</body></html>`;
  switch (kind) {
    case 'script-tag':
      return page(filled.replace(SCRIPT_URL_PLACEHOLDER, new URL('script/bridge-widget.js', demoUrl).href));
    case 'npm':
      writeFileSync(path.join(dir, 'bridge.ts'), filled);
      return page(`<script type="module" src="${fsUrl(path.join(dir, 'bridge.ts'))}"></script>`);
    case 'react':
      writeFileSync(path.join(dir, 'Bridge.tsx'), filled);
      writeFileSync(
        path.join(dir, 'main.tsx'),
        "import { createRoot } from 'react-dom/client';\nimport { Bridge } from './Bridge.tsx';\ncreateRoot(document.getElementById('root')!).render(<Bridge />);\n",
      );
      return page(`<div id="root"></div><script type="module" src="${fsUrl(path.join(dir, 'main.tsx'))}"></script>`);
    case 'svelte':
      writeFileSync(path.join(dir, 'Bridge.svelte'), filled);
      writeFileSync(
        path.join(dir, 'main.ts'),
        "import { mount } from 'svelte';\nimport Bridge from './Bridge.svelte';\nmount(Bridge, { target: document.getElementById('root')! });\n",
      );
      return page(`<div id="root"></div><script type="module" src="${fsUrl(path.join(dir, 'main.ts'))}"></script>`);
    case 'vue': {
      // What @vitejs/plugin-vue does, with the compiler option the snippet's comment names.
      const { descriptor } = parse(filled, { filename: 'Bridge.vue' });
      const compiled = compileScript(descriptor, {
        id: id,
        inlineTemplate: true,
        templateOptions: { compilerOptions: { isCustomElement: (tag: string) => tag === 'bridge-widget' } },
      });
      writeFileSync(path.join(dir, 'Bridge.ts'), compiled.content);
      writeFileSync(path.join(dir, 'main.ts'), "import { createApp } from 'vue';\nimport Bridge from './Bridge.ts';\ncreateApp(Bridge).mount('#root');\n");
      return page(`<div id="root"></div><script type="module" src="${fsUrl(path.join(dir, 'main.ts'))}"></script>`);
    }
  }
}

describe('playground', { timeout: 900_000 }, () => {
  for (const [index, scenario] of SCENARIOS.entries()) {
    it(`${scenario.name}: each framework's copied code mounts the same widget, and the address reopens it`, async () => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(new URL('playground.html', demoUrl).href, { waitUntil: 'commit' });
      // The controls list the live catalog once it has loaded.
      await page
        .locator('#controls')
        .getByLabel('Source chain', { exact: true })
        .locator('option[value="84532"]')
        .waitFor({ state: 'attached', timeout: WAIT_MS });
      await scenario.pick(page);
      const preview = page.getByTestId('preview').locator('bridge-widget');
      const expected = await settled(preview, scenario, 'playground preview');

      for (const kind of SNIPPET_KINDS) {
        const code = await copySnippet(page, kind);
        const mounted = await context.newPage();
        const mountErrors: string[] = [];
        mounted.on('pageerror', (error) => mountErrors.push(error.message));
        const url = new URL(`__playground-test/${index}-${kind}.html`, demoUrl).href;
        const html = blankPage(kind, code, `${index}-${kind}`);
        await mounted.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
        await mounted.goto(url, { waitUntil: 'commit' });
        const state = await settled(mounted.locator('bridge-widget'), scenario, `${kind} snippet`);
        assert.deepEqual(state.properties, expected.properties, `${kind}: the same properties as the preview`);
        assert.deepEqual(state.css, expected.css, `${kind}: the same custom properties as the preview`);
        assert.deepEqual(mountErrors, [], `${kind}: no page error`);
        await mounted.close();
      }

      // The address is the configuration: a new tab opened on it shows the same controls and the same widget.
      const shared = await context.newPage();
      await shared.goto(page.url(), { waitUntil: 'commit' });
      const reopened = await settled(shared.getByTestId('preview').locator('bridge-widget'), scenario, 'reopened address');
      assert.deepEqual(reopened.properties, expected.properties);
      assert.deepEqual(reopened.css, expected.css);
      assert.equal(await shared.locator('#controls').getByLabel('Language', { exact: true }).inputValue(), scenario.expect.properties.locale);
      for (const kind of SNIPPET_KINDS) {
        await shared.getByRole('tab', { name: SNIPPET_LABELS[kind] }).click();
        await page.getByRole('tab', { name: SNIPPET_LABELS[kind] }).click();
        assert.equal(await shared.getByTestId('snippet').textContent(), await page.getByTestId('snippet').textContent(), `${kind}: the same code`);
      }

      // Reset: back to the defaults, in the controls, the widget, the code and the address.
      await shared.getByRole('button', { name: 'Reset to defaults' }).click();
      await shared.getByRole('tab', { name: 'React' }).click();
      assert.doesNotMatch((await shared.getByTestId('snippet').textContent()) ?? '', /locale|theme|style/);
      assert.equal(new URL(shared.url()).search, '');
      await shared
        .getByTestId('preview')
        .locator('bridge-widget')
        .getByRole('button', { name: en['action.connect'] as string })
        .waitFor({ timeout: WAIT_MS });
      assert.deepEqual(errors, [], 'no page error on the playground');
      await shared.close();
      await page.close();
    });
  }

  it('is linked from the demo page, and links back', async () => {
    const page = await context.newPage();
    await page.goto(demoUrl, { waitUntil: 'commit' });
    await page.getByRole('link', { name: /^Playground/ }).click();
    await page.waitForURL(/\/playground\.html$/);
    await page.getByRole('link', { name: 'Back to the sandbox demo' }).click();
    await page.waitForURL(demoUrl);
    await page.close();
  });

  it('passes axe, configured and not', async () => {
    const page = await context.newPage();
    for (const query of ['', '?theme=dark&locale=ar&lock-presets=true&from-chain=84532&from-token=USDC']) {
      await page.goto(new URL(`playground.html${query}`, demoUrl).href, { waitUntil: 'commit' });
      await page
        .locator('#controls')
        .getByLabel('Source chain', { exact: true })
        .locator('option[value="84532"]')
        .waitFor({ state: 'attached', timeout: WAIT_MS });
      await page
        .getByTestId('preview')
        .locator('bridge-widget')
        .getByText(/Sepolia/)
        .first()
        .waitFor({ timeout: WAIT_MS });
      await page.addScriptTag({ content: readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8') });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
        const result = await axe.run(document);
        return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
      });
      assert.deepEqual(violations, [], `axe on playground.html${query}`);
    }
    await page.close();
  });
});
