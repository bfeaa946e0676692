/**
 * The widget on a mid-range phone: Chromium's CPU throttled 4×
 * (Emulation.setCPUThrottlingRate) and the network emulated at 150 ms per
 * request, 1.6 Mbit/s down (200,000 B/s) and 750 kbit/s up
 * (Network.emulateNetworkConditions): the mobile profile Lighthouse
 * simulates. Files come gzipped from the bench's static server, every page
 * load in a fresh browser context (empty caches).
 *
 * Per run, two page loads of the partner page with a preset amount (2 USDC):
 * 1. time to interactive, from navigation start to the first painted frame
 *    with the chains listed, the amount input enabled and a quote shown (the
 *    moment the widget counts as interactive); also the shell (the widget's card
 *    drawn) and the chains alone. Then, once the idle prefetch has fetched
 *    the review chunk and no script request is in flight: click on Bridge →
 *    the review painted (prefetched), and the script files asked for after
 *    the click (none: no click waits on the network).
 * 2. The same page with requestIdleCallback never calling back, so the
 *    prefetch never starts (a click before the page was idle): click on
 *    Bridge as soon as it is enabled → the review painted (cold). The run
 *    checks that the review chunk was fetched after the click.
 *
 * The wallet is a small injected provider (an init script, as an extension
 * injects its own): it answers the account and the chain at once, forwards
 * reads to the sandbox's chain and refuses to sign, so neither the wallet's
 * code nor a signature is counted; the transfer a click starts ends there.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { call, type BenchContext } from './context.ts';

export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 200_000,
  uploadBytesPerSecond: 93_750,
} as const;

export const PRESET_AMOUNT = '2';

export interface PhoneRun {
  /** Navigation start → the widget's card painted. */
  shellMs: number;
  /** Navigation start → the chains listed. */
  chainsMs: number;
  /** Navigation start → the form usable: chains listed and the amount input enabled. */
  formMs: number;
  /** Navigation start → the preset amount's quote shown. */
  quoteMs: number;
  /** Navigation start → chains listed, amount input enabled and a quote shown, in one painted frame. */
  interactiveMs: number;
  /** The requests of the start-up (script files, the proxy's answers): start and response end, ms since navigation start. */
  startupRequests: { what: string; start: number; end: number }[];
  /** Click on Bridge → the review painted, after the idle prefetch. */
  reviewPrefetchedMs: number;
  /** Script files requested after that click (0 when the prefetch did its job). */
  prefetchedScriptsAfterClick: string[];
  /** Click on Bridge → the review painted, nothing prefetched. */
  reviewColdMs: number;
  coldScriptsAfterClick: string[];
}

interface PhoneTimes {
  shellAt: number;
  chainsAt: number;
  formAt: number;
  quoteAt: number;
  interactiveAt: number;
  requests: PhoneRun['startupRequests'];
}

interface ReviewClick {
  clickAt: number;
  reviewAt: number;
  scriptsAfterClick: string[];
}

/** The injected wallet: accounts and chain id at once, reads forwarded to the chain's RPC, every signature refused. */
export function injectedProvider(ctx: BenchContext): string {
  const config = {
    address: ctx.sandbox.info.account.address,
    chainId: ctx.wallet.chainId,
    rpc: Object.fromEntries(ctx.wallet.chains.map((c) => [c.chainId, c.rpcUrl])),
  };
  return `(() => {
  const config = ${JSON.stringify(config)};
  const listeners = new Map();
  const refuse = new Set(['eth_sendTransaction', 'eth_signTransaction', 'eth_sign', 'personal_sign', 'eth_signTypedData_v4', 'wallet_sendCalls']);
  window.__benchProvider = {
    async request({ method, params }) {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [config.address];
      if (method === 'eth_chainId') return '0x' + config.chainId.toString(16);
      if (refuse.has(method)) throw Object.assign(new Error('the bench wallet signs nothing'), { code: 4001 });
      const response = await fetch(config.rpc[config.chainId], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params || [] }),
      });
      const body = await response.json();
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
      return body.result;
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
})();`;
}

/** No idle callback ever runs: the widget's idle prefetch never starts. */
const NO_IDLE = `window.requestIdleCallback = () => 0; window.cancelIdleCallback = () => undefined;`;

/** A phone's screen (Lighthouse's mobile: 412 × 823 CSS px at 1.75 device pixels per px). */
const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function throttledPage(ctx: BenchContext, initScripts: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  page.on('pageerror', (error) => ctx.log(`  page error: ${error.message}`));
  for (const script of initScripts) await page.addInitScript({ content: script });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBytesPerSecond,
    uploadThroughput: PHONE_PROFILE.uploadBytesPerSecond,
  });
  return { context, page };
}

/** Waits until the primary button offers the transfer (enabled, with the amount in its text). */
async function bridgeReady(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const bench = (window as unknown as { __bench: { primaryText(): { text: string; disabled: boolean } } }).__bench;
      const button = bench.primaryText();
      return !button.disabled && /\d/.test(button.text);
    },
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
}

async function clickBridge(page: Page): Promise<ReviewClick> {
  await call(page, 'window.__bench.armReviewClick()');
  await page.locator('bridge-widget').locator('[part~="primary-button"]').click();
  return call<ReviewClick>(page, 'window.__bench.reviewClick');
}

/** Script requests of the page in flight, and the names of those finished. */
function watchScripts(page: Page): { inFlight: () => number; finished: Set<string> } {
  let inFlight = 0;
  const finished = new Set<string>();
  const isScript = (url: string) => new URL(url).pathname.endsWith('.js');
  page.on('request', (request) => {
    if (isScript(request.url())) inFlight++;
  });
  const done = (url: string, ok: boolean) => {
    if (!isScript(url)) return;
    inFlight--;
    if (ok) finished.add(new URL(url).pathname.split('/').pop()!);
  };
  page.on('requestfinished', (request) => done(request.url(), true));
  page.on('requestfailed', (request) => done(request.url(), false));
  return { inFlight: () => inFlight, finished };
}

export async function runPhone(ctx: BenchContext, pageUrl: string, reviewChunk: string): Promise<PhoneRun> {
  const wallet = injectedProvider(ctx);
  let prefetched: { times: PhoneTimes; click: ReviewClick };
  {
    const { context, page } = await throttledPage(ctx, [wallet]);
    try {
      const scripts = watchScripts(page);
      await page.goto(pageUrl, { timeout: 120_000 });
      const times = await call<PhoneTimes>(page, 'window.__bench.phone');
      // The idle prefetch: the review chunk is here and no script is still on its way.
      const deadline = Date.now() + 60_000;
      while (!scripts.finished.has(reviewChunk) || scripts.inFlight() > 0) {
        if (Date.now() > deadline) throw new Error(`the idle prefetch did not fetch ${reviewChunk} (fetched: ${[...scripts.finished].join(', ')})`);
        await page.waitForEvent('requestfinished', { timeout: 60_000 }).catch(() => undefined);
      }
      await call(page, 'window.__bench.afterPaint()');
      await bridgeReady(page);
      prefetched = { times, click: await clickBridge(page) };
    } finally {
      await context.close();
    }
  }
  let cold: ReviewClick;
  {
    const { context, page } = await throttledPage(ctx, [wallet, NO_IDLE]);
    try {
      await page.goto(pageUrl, { timeout: 120_000 });
      await call<PhoneTimes>(page, 'window.__bench.phone');
      await bridgeReady(page);
      cold = await clickBridge(page);
      if (!cold.scriptsAfterClick.includes(reviewChunk))
        throw new Error(
          `cold run: ${reviewChunk} was not fetched after the click (after it: ${cold.scriptsAfterClick.join(', ') || 'nothing'}); was it prefetched some other way?`,
        );
    } finally {
      await context.close();
    }
  }
  return {
    shellMs: prefetched.times.shellAt,
    chainsMs: prefetched.times.chainsAt,
    formMs: prefetched.times.formAt,
    quoteMs: prefetched.times.quoteAt,
    interactiveMs: prefetched.times.interactiveAt,
    startupRequests: prefetched.times.requests,
    reviewPrefetchedMs: prefetched.click.reviewAt - prefetched.click.clickAt,
    prefetchedScriptsAfterClick: prefetched.click.scriptsAfterClick,
    reviewColdMs: cold.reviewAt - cold.clickAt,
    coldScriptsAfterClick: cold.scriptsAfterClick,
  };
}
