/**
 * The widget works under a strict Content-Security-Policy.
 *
 * A bare file server sends every page with
 *
 *   default-src 'none'; script-src 'self'; style-src 'self';
 *   img-src 'self' <service origin> data:; connect-src <proxy origin> <chain RPC origins>;
 *   base-uri 'none'; form-action 'none'; frame-ancestors 'none'
 *
 * (no 'unsafe-inline', no 'unsafe-eval', nothing inline on the page: its own
 * logic is an external script from 'self'). The page loads only the
 * script-tag build (its folder, dist/script/: the entry and the chunks it
 * imports) and the development wallet; a whole transfer runs to
 * `bridge-success` and the tokens are checked on the destination chain. Every
 * violation is collected twice (Chromium's "Refused to …" console messages,
 * and a `securitypolicyviolation` listener installed before anything else
 * runs, which names the element, shadow roots included) and there must be none.
 *
 * A canary page first shows that the policy is enforced and that both
 * collectors see violations, also from inside a shadow root.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { buildDevWallet, buildScript, removeDir, scratchDir } from './helpers/build.js';
import { launchChromium } from './helpers/browser.js';
import { folderRoutes, startStaticServer, type StaticServer } from './helpers/static-server.js';
import {
  DESTINATION_CHAIN,
  FLOW_BUTTON,
  FLOW_WIDGET_TAG,
  flowPageConfig,
  flowScript,
  runTransfer,
  usdcBalance,
  cspWatchedPage,
  watchPage,
  type PageLog,
} from './helpers/widget-page.js';

let dir: string;
let script: string;
let devWallet: string;
let sandbox: SandboxHandle;
let files: StaticServer | undefined;
let browser: Browser;
let policy: string;

/**
 * Installed first (a classic script in <head>): records every violation with
 * the element it concerns, walking out of shadow roots to name the hosts.
 */
const WATCH_SCRIPT = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  const chain = [];
  let node = event.composedPath()[0];
  while (node) {
    if (node instanceof ShadowRoot) {
      chain.unshift('#shadow-root');
      node = node.host;
    } else if (node instanceof Element) {
      const part = node.getAttribute('part');
      chain.unshift(node.localName + (node.id ? '#' + node.id : '') + Array.from(node.classList, (c) => '.' + c).join('') + (part ? '[part="' + part + '"]' : ''));
      node = node.parentNode;
    } else {
      break;
    }
  }
  window.__cspViolations.push({
    directive: event.effectiveDirective,
    blockedURI: event.blockedURI,
    sample: event.sample,
    source: event.sourceFile ? event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber : '',
    element: chain.join(' > '),
  });
}, true);
`;

const page = cspWatchedPage;

/** Things the policy must refuse, one of each kind, two of them inside a shadow root. */
const CANARY_SCRIPT = `const host = document.getElementById('host');
host.attachShadow({ mode: 'open' }).innerHTML = '<span class="inner" style="color: red">in a shadow root</span>';
const late = document.createElement('b');
late.className = 'late';
host.shadowRoot.append(late);
late.setAttribute('style', 'color: blue');
try { new Function('return 1'); window.__evalRan = true; } catch { window.__evalRan = false; }
fetch('/not-in-connect-src').catch(() => undefined);
window.__canaryDone = true;
`;

function cspHeader(): string {
  const origin = (url: string | null) => new URL(url!).origin;
  const rpc = sandbox.readyInfo.chains.map((chain) => origin(chain.rpcUrl));
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${origin(sandbox.serviceUrl)} data:`,
    `connect-src ${origin(sandbox.proxyUrl)} ${[...new Set(rpc)].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

before(async () => {
  dir = scratchDir('csp');
  script = await buildScript(dir);
  devWallet = await buildDevWallet(path.join(dir, 'assets'));
  sandbox = await startSandbox({ bridgingDelayMs: 0, pollHintMs: 200 });
  policy = cspHeader();
  const js = (body: string | (() => string | Buffer)) => () => ({ type: 'text/javascript', body: typeof body === 'function' ? body() : body });
  files = await startStaticServer(
    {
      '/': () => ({
        type: 'text/html',
        body: page(
          'bridge-widget under a strict CSP',
          '  <script type="module" src="/script/bridge-widget.js"></script>\n  <script type="module" src="/page.js"></script>',
          `  ${FLOW_WIDGET_TAG}`,
        ),
      }),
      '/canary.html': () => ({
        type: 'text/html',
        body: page(
          'CSP canary',
          '  <script>window.__inlineRan = true;</script>\n  <script type="module" src="/canary.js"></script>',
          '  <div id="host"></div>\n  <p class="outer" style="color: red">inline style attribute</p>',
        ),
      }),
      '/csp-watch.js': js(WATCH_SCRIPT),
      '/canary.js': js(CANARY_SCRIPT),
      '/page.js': js(() => flowScript(flowPageConfig(sandbox))),
      ...folderRoutes('/script', path.dirname(script)),
      '/dev-wallet.js': js(() => readFileSync(devWallet)),
    },
    { headers: { 'content-security-policy': policy } },
  );
  browser = await launchChromium();
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await files?.close();
  await sandbox?.close();
  removeDir(dir);
});

interface Violation {
  directive: string;
  blockedURI: string;
  sample: string;
  source: string;
  element: string;
}

async function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);
}

/**
 * One line per kind of violation, for failure messages: the directive and the
 * element from its nearest custom-element host on, with a count.
 */
function summary(found: Violation[]): string[] {
  const counts = new Map<string, number>();
  for (const v of found) {
    const steps = v.element.split(' > ');
    let from = 0;
    steps.forEach((step, i) => {
      if (/^(bridge-widget|bw-[\w-]+)/.test(step)) from = i;
    });
    const where = v.element ? steps.slice(from).join(' > ') : v.blockedURI;
    const line = `${v.directive} refused ${v.blockedURI === 'inline' ? 'an inline style/script' : v.blockedURI} on ${where} (${v.source})`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => `${n} × ${line}`);
}

const refusals = (log: PageLog) => log.console.filter((line) => /Refused to|Content[- ]Security[- ]Policy/i.test(line));

/** Two rendered frames and a task later: reports of what was drawn (CSP violations) are delivered by then. */
function settled(tab: Page): Promise<void> {
  return tab.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

describe('under a strict Content-Security-Policy', { timeout: 150_000 }, () => {
  it('the policy is enforced, and violations are seen by both collectors, in shadow roots too', async () => {
    const tab = await browser.newPage();
    const log = watchPage(tab);
    const response = await tab.goto(`${files!.url}/canary.html`);
    assert.equal(response?.headers()['content-security-policy'], policy);
    await tab.waitForFunction(() => (window as unknown as { __canaryDone?: boolean }).__canaryDone === true, undefined, { timeout: 30_000 });
    // Violation events are queued as tasks: give the last ones (the fetch) a moment.
    await tab.waitForFunction(
      () => (window as unknown as { __cspViolations: { directive: string }[] }).__cspViolations.some((v) => v.directive === 'connect-src'),
      undefined,
      { timeout: 10_000 },
    );
    const seen = await violations(tab);
    const state = await tab.evaluate(() => ({
      inline: (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false,
      evalRan: (window as unknown as { __evalRan?: boolean }).__evalRan,
    }));
    assert.deepEqual(state, { inline: false, evalRan: false }, 'inline scripts and eval are refused');
    const kinds = (directive: string) => seen.filter((v) => v.directive === directive).map((v) => v.element);
    assert.ok(kinds('script-src-elem').length > 0, `inline script refused: ${JSON.stringify(seen)}`);
    assert.ok(kinds('script-src').length > 0, `eval refused: ${JSON.stringify(seen)}`);
    assert.ok(
      kinds('style-src-attr').some((e) => e.endsWith('p.outer')),
      `style attribute in the page refused: ${JSON.stringify(seen)}`,
    );
    assert.ok(
      kinds('style-src-attr').some((e) => e.endsWith('#shadow-root > span.inner')),
      `style attribute in a shadow root refused and named: ${JSON.stringify(seen)}`,
    );
    // What Lit's styleMap does on an element's first render: refused too, hence inline styles must come through CSSOM.
    assert.ok(
      kinds('style-src-attr').some((e) => e.endsWith('#shadow-root > b.late')),
      `setAttribute('style') refused: ${JSON.stringify(seen)}`,
    );
    assert.ok(kinds('connect-src').length > 0, `connection outside connect-src refused: ${JSON.stringify(seen)}`);
    assert.ok(refusals(log).length >= 4, `Chromium reports them on the console: ${log.console.join(' | ')}`);
    await tab.close();
  });

  it('a whole transfer runs to bridge-success with no violation, and the tokens arrive', async () => {
    const tab = await browser.newPage();
    const log = watchPage(tab);
    const scripts: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const owner = sandbox.readyInfo.account.address;
    const before = await usdcBalance(sandbox, DESTINATION_CHAIN, owner);

    const response = await tab.goto(`${files!.url}/`);
    assert.equal(response?.headers()['content-security-policy'], policy);
    const { seen, outcome } = await runTransfer(tab);
    const found = await violations(tab);
    assert.equal(
      outcome?.type,
      'bridge-success',
      `the transfer ended with ${JSON.stringify(outcome)}; violations: ${JSON.stringify(found)}; page errors: ${log.errors.join(' | ')}`,
    );
    for (const type of ['bridge-quote', 'bridge-route', 'bridge-transaction', 'bridge-status'])
      assert.ok(
        seen.some((e) => e.type === type),
        `${type} was fired`,
      );

    const arrived = (await usdcBalance(sandbox, DESTINATION_CHAIN, owner)) - before;
    assert.ok(arrived > 0n, 'tokens arrived on the destination chain');
    assert.equal(arrived.toString(), outcome.detail.toAmount, 'the destination balance grew by what bridge-success reported');

    // The widget's own styles applied (constructed style sheets, not inline <style> or style attributes).
    const styled = await tab.evaluate(() => {
      const widget = document.querySelector('bridge-widget')!;
      return { maxWidth: getComputedStyle(widget).maxWidth, sheets: widget.shadowRoot?.adoptedStyleSheets.length ?? 0 };
    });
    assert.equal(styled.maxWidth, '440px', "the widget's :host styles apply");
    assert.ok(styled.sheets > 0, 'styles come as constructed style sheets');

    const paths = [...new Set(scripts)].map((url) => new URL(url).pathname);
    assert.deepEqual(
      [...new Set(scripts)].filter((url) => new URL(url).origin !== files!.url),
      [],
      'only scripts from the page origin',
    );
    assert.deepEqual(paths.filter((p) => !p.startsWith('/script/')).sort(), ['/csp-watch.js', '/dev-wallet.js', '/page.js']);
    assert.ok(paths.includes('/script/bridge-widget.js') && paths.length > 4, `the widget's entry and its chunks: ${paths.join(', ')}`);
    // Violations caused by the last renders may still be queued: let the page render and run its queued tasks.
    await settled(tab);
    assert.deepEqual(summary(await violations(tab)), [], 'no CSP violation');
    assert.deepEqual(refusals(log), [], 'Chromium refused nothing');
    assert.deepEqual(log.errors, [], 'no page errors');
    await tab.close();
  });

  it("the token picker's windowed list opens and lays out its rows with no violation", async () => {
    const tab = await browser.newPage();
    const log = watchPage(tab);
    await tab.goto(`${files!.url}/`);
    await tab.getByRole('button', { name: FLOW_BUTTON }).waitFor({ timeout: 60_000 });
    const picker = tab.locator('bw-asset-picker').first();
    await picker.locator('#trigger').click();
    const options = picker.getByRole('option');
    await options.first().waitFor({ timeout: 30_000 });
    const layout = await picker.evaluate((element) => {
      const root = element.shadowRoot!;
      const rows = Array.from(root.querySelectorAll<HTMLElement>('[role="option"]'));
      return {
        tops: rows.map((row) => Math.round(row.getBoundingClientRect().top)),
        rowHeight: Math.round(rows[0]?.getBoundingClientRect().height ?? 0),
        spacer: Math.round(root.querySelector<HTMLElement>('.spacer')?.getBoundingClientRect().height ?? 0),
      };
    });
    await settled(tab);
    const found = summary(await violations(tab));
    await tab.keyboard.press('Escape');
    assert.ok(layout.tops.length >= 2, `the list shows the sandbox's tokens (${layout.tops.length})`);
    assert.equal(
      new Set(layout.tops).size,
      layout.tops.length,
      `every row has its own place, none drawn over another: tops ${layout.tops.join(', ')}; violations: ${found.join(' | ')}`,
    );
    const rowsSpan = Math.max(...layout.tops) - Math.min(...layout.tops) + layout.rowHeight;
    assert.ok(layout.spacer >= rowsSpan - 2, `the list is as tall as its rows (${layout.spacer}px for rows spanning ${rowsSpan}px), so it can scroll`);
    assert.deepEqual(found, [], 'no CSP violation');
    assert.deepEqual(refusals(log), [], 'Chromium refused nothing');
    await tab.close();
  });
});
