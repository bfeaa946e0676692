/**
 * Languages in the script-tag build, as a host site serves it: the build and
 * its language files sit under /cdn/ on a bare node:http server, the pages
 * elsewhere (/pages/), and headless Chromium loads them. The widget fetches a
 * language file only when it shows that language, relative to its own script
 * (not to the page), chosen from `<html lang>` or the browser's languages
 * (set through Chromium's own Accept-Language preference), with region
 * fallbacks; an English page fetches none. No proxy is needed: the widget's
 * first message ("set the proxy-url attribute") is enough to read its language.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.js';
import { buildScript, removeDir, scratchDir } from './helpers/build.js';
import { launchChromium } from './helpers/browser.js';
import { folderRoutes, startStaticServer, type StaticRoutes, type StaticServer } from './helpers/static-server.js';
import { until } from './helpers/until.js';
import { watchPage } from './helpers/widget-page.js';
import fr from '../../src/i18n/fr.js';
import pt from '../../src/i18n/pt.js';
import { en } from '../../src/i18n/en.js';

let dir: string | undefined;
let server: StaticServer | undefined;
let browser: Browser | undefined;

const page = (lang: string | null, extra = '') => `<!doctype html>
<html${lang === null ? '' : ` lang="${lang}"`}>
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>languages</title>
<script type="module" src="/cdn/bridge-widget.js"></script>${extra}</head>
<body><bridge-widget></bridge-widget></body>
</html>`;

const PAGES: Record<string, string> = {
  english: page('en'),
  none: page(null),
  portugal: page('pt-PT'),
  taiwan: page('zh-TW'),
  arabic: page('ar'),
  japanese: page('ja'),
  // As pages were told to before languages loaded themselves: the add-on's own script tag.
  german: page('de', '\n<script type="module" src="/cdn/bridge-widget.de.js"></script>'),
};

before(async () => {
  dir = scratchDir('i18n-script-tag');
  const script = await buildScript(dir);
  // The script-tag folder (the entry, its chunks, the languages), but Japanese is missing from this CDN: its load fails.
  const routes: StaticRoutes = folderRoutes('/cdn', path.dirname(script));
  delete routes['/cdn/bridge-widget.ja.js'];
  for (const [name, html] of Object.entries(PAGES)) routes[`/pages/${name}.html`] = () => ({ type: 'text/html', body: html });
  server = await startStaticServer(routes);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

/** Opens a page, with the browser's language preference set as a user's Chrome settings would (Accept-Language). */
async function open(name: keyof typeof PAGES, languages?: string): Promise<{ page: Page; warnings: string[]; errors: string[]; fetched: () => string[] }> {
  const tab = await browser!.newPage();
  const log = watchPage(tab);
  if (languages) {
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: await tab.evaluate(() => navigator.userAgent), acceptLanguage: languages });
  }
  const start = server!.served.length;
  await tab.goto(`${server!.url}/pages/${name}.html`);
  const fetched = () =>
    server!.served
      .slice(start)
      .filter((p) => /^\/cdn\/bridge-widget\.[a-z]+\.js$/.test(p) && !p.endsWith('.min.js'))
      .map((p) => p.split('.').at(-2)!);
  return { page: tab, warnings: log.warnings, errors: log.errors, fetched };
}

/** What the widget shows once it has settled on `lang`: its card's lang and dir, and its first message. */
async function shown(tab: Page, lang: string): Promise<{ lang: string; dir: string; text: string }> {
  await tab.waitForFunction(
    (expected) => document.querySelector('bridge-widget')?.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('lang') === expected,
    lang,
    {
      timeout: 30_000,
    },
  );
  return tab.evaluate(() => {
    const card = document.querySelector('bridge-widget')!.shadowRoot!.querySelector('[part~="base"]')!;
    return {
      lang: card.getAttribute('lang')!,
      dir: getComputedStyle(card).direction,
      text: [...(card.querySelector('[part~="notice"]')?.childNodes ?? [])]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim(),
    };
  });
}

/** The page switches its language, as a site's own language menu does (`<html lang>`); the widget follows. */
function switchTo(tab: Page, lang: string): Promise<void> {
  return tab.evaluate((code) => void (document.documentElement.lang = code), lang);
}

describe('languages of the script-tag build', { timeout: 180_000 }, () => {
  it('an English page fetches no language file at all: the first it fetches is the one the page later switches to', async () => {
    const { page, fetched, errors } = await open('english');
    assert.equal((await shown(page, 'en')).text, en['widget.noProxy']);
    // A stray import would have been asked for while the widget chose English, before this one: French, fetched and shown.
    await switchTo(page, 'fr');
    assert.equal((await shown(page, 'fr')).text, fr['widget.noProxy']);
    assert.deepEqual(fetched(), ['fr'], 'only the file of the language the page switched to');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('no lang on the page: the first of navigator.languages it has (sw, fr-CA, en → French), fetched next to the script', async () => {
    const { page, fetched, errors } = await open('none', 'sw,fr-CA,en');
    assert.deepEqual(await page.evaluate(() => navigator.languages), ['sw', 'fr-CA', 'en'], 'the browser prefers Swahili, then Canadian French');
    assert.deepEqual(await shown(page, 'fr'), { lang: 'fr', dir: 'ltr', text: fr['widget.noProxy'] });
    assert.deepEqual(fetched(), ['fr'], 'bridge-widget.fr.js, once, from /cdn/ where the script is (the page is in /pages/)');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('region fallback: <html lang="pt-PT"> shows Portuguese; zh-TW shows English (no Traditional Chinese ships) and fetches nothing', async () => {
    const portugal = await open('portugal', 'en');
    assert.equal((await shown(portugal.page, 'pt')).text, pt['widget.noProxy']);
    assert.deepEqual(portugal.fetched(), ['pt']);
    await portugal.page.close();
    const taiwan = await open('taiwan', 'zh-TW,en');
    assert.equal((await shown(taiwan.page, 'en')).text, en['widget.noProxy']);
    // As on the English page: the file fetched after a switch to Portuguese is the first, so the Simplified table was never asked for.
    await switchTo(taiwan.page, 'pt');
    assert.equal((await shown(taiwan.page, 'pt')).text, pt['widget.noProxy']);
    assert.deepEqual(taiwan.fetched(), ['pt'], 'not the Simplified table');
    await taiwan.page.close();
  });

  it('<html lang="ar">: Arabic, right to left', async () => {
    const { page, fetched } = await open('arabic');
    assert.equal((await shown(page, 'ar')).dir, 'rtl');
    assert.deepEqual(fetched(), ['ar']);
    await page.close();
  });

  it('a page that loads bridge-widget.de.js itself, as pages did before, still shows German, and the file is fetched once', async () => {
    const { page, fetched, errors } = await open('german');
    assert.equal((await shown(page, 'de')).lang, 'de');
    assert.deepEqual(fetched(), ['de']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a language file that cannot be fetched: the widget says so on the console and shows the next choice, English', async () => {
    const { page, warnings } = await open('japanese', 'ja');
    await page.waitForFunction(() => document.querySelector('bridge-widget')?.shadowRoot?.querySelector('[part~="notice"]'), undefined, { timeout: 30_000 });
    await page.waitForFunction(() => [...document.querySelectorAll('bridge-widget')].length > 0, undefined, { timeout: 30_000 });
    await until(
      () => warnings.some((w) => w.includes('“ja” language could not be loaded')),
      () => `a console warning that names the language (${warnings.join(' | ')})`,
      { timeout: 30_000, interval: 50 },
    );
    assert.equal((await shown(page, 'en')).text, en['widget.noProxy']);
    await page.close();
  });

  it('each language file is data only: it imports nothing, so it never drags code into the first load', () => {
    for (const code of LOCALE_ADD_ONS) {
      const code_ = readFileSync(path.join(dir!, 'dist/script', `bridge-widget.${code}.js`), 'utf8');
      assert.ok(!/\bimport\b/.test(code_.replace(/`[^`]*`/g, '')), `bridge-widget.${code}.js imports nothing`);
    }
  });
});
