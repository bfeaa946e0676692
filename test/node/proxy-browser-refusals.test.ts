/**
 * The proxy's refusals are readable by the widget in a real browser (issue
 * 27, proxy side): a page on another origin (a real Chromium page served from
 * 127.0.0.1) calls the proxy as the widget does. Refused for its origin (403),
 * for the host name (421) or the method (405), the page reads `{ error, code }`
 * so the widget can tell the site owner what to fix, and never any data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/browser.js';
import { startUpstream, type Upstream, proxyFleet } from './helpers/proxy-upstream.js';
import { startStaticServer, type StaticServer } from './helpers/static-server.js';

const API_KEY = 'rk_live_browser_0123456789';

interface PageAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** What the page's own fetch sees (a TypeError is what a CORS failure looks like to it). */
function fetchFromPage(page: Page, url: string, init: { method?: string; body?: string } = {}): Promise<PageAnswer | { readonly failed: string }> {
  return page.evaluate(
    async ([target, options]) => {
      try {
        const response = await fetch(target, {
          method: options.method ?? 'GET',
          ...(options.body === undefined ? {} : { body: options.body, headers: { 'content-type': 'application/json' } }),
        });
        return { status: response.status, body: await response.json() };
      } catch (error) {
        return { failed: String(error) };
      }
    },
    [url, init] as const,
  );
}

describe('refusals a cross-origin page can read', { timeout: 120_000 }, () => {
  let browser: Browser;
  let site: StaticServer;
  let upstream: Upstream;
  let page: Page;
  const fleet = proxyFleet(() => ({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false }));
  const start = fleet.start;

  before(async () => {
    upstream = await startUpstream();
    site = await startStaticServer({ '/': () => ({ type: 'text/html', body: '<!doctype html><title>shop</title><p>shop</p>' }) });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${site.url}/`);
  });
  after(async () => {
    await browser?.close();
    await fleet.closeAll();
    await site?.close();
    await upstream?.close();
  });

  it('an origin not allowed: the page reads the 403 body, for a GET and for a POST after its preflight, and nothing is forwarded', async () => {
    const proxy = await start({ allowedOrigins: ['https://shop.example'] });
    assert.deepEqual(await fetchFromPage(page, `${proxy.url}/api/v1/routes/chains`), {
      status: 403,
      body: { error: 'Origin not allowed', code: 'proxy_origin_not_allowed' },
    });
    assert.deepEqual(await fetchFromPage(page, `${proxy.url}/api/v1/routes/quote`, { method: 'POST', body: '{"fromChain":"1"}' }), {
      status: 403,
      body: { error: 'Origin not allowed', code: 'proxy_origin_not_allowed' },
    });
    assert.deepEqual(upstream.calls, [], 'the routing service was never asked');
  });

  it('a host name not allowed: the page reads the 421 body', async () => {
    const proxy = await start({ allowedOrigins: [site.url], allowedHosts: ['bridge.shop.example'] });
    assert.deepEqual(await fetchFromPage(page, `${proxy.url}/api/v1/routes/quote`, { method: 'POST', body: '{}' }), {
      status: 421,
      body: { error: 'This proxy does not answer under that host name', code: 'proxy_host_not_allowed' },
    });
    assert.deepEqual(upstream.calls, []);
  });

  it('a method the route does not take: the page reads the 405 body; an allowed page still gets data', async () => {
    const proxy = await start({ allowedOrigins: [site.url] });
    assert.deepEqual(await fetchFromPage(page, `${proxy.url}/api/v1/routes/quote`), {
      status: 405,
      body: { error: 'Method not allowed', code: 'proxy_method_not_allowed' },
    });
    const served = await fetchFromPage(page, `${proxy.url}/api/v1/route-intent/intent_1/status`);
    assert.deepEqual(served, { status: 200, body: { url: '/api/v1/route-intent/intent_1/status' } });
  });
});
