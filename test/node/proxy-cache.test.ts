/**
 * The shared catalog cache against a real upstream on
 * 127.0.0.1 that counts its calls: chains and tokens are served from cache
 * with Cache-Control, identical concurrent misses are one upstream call,
 * nothing per user and no error is ever cached.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createProxyHandler } from '../../src/proxy/handler.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { startUpstream, type Responder, type Upstream } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_cache_0123456789';

const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '900', ...headers });
  res.end(JSON.stringify(body));
};

const numbered: Responder = (req, res, _body, n) => answer(res, 200, { n, url: req.url });

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as { n?: number; code?: string } };
}

describe('catalog cache', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  before(async () => {
    upstream = await startUpstream(numbered);
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.calls.length = 0;
    upstream.respond = numbered;
  });

  it('serves chains and each tokens query from one upstream call, with Cache-Control for browsers and CDNs', async () => {
    const first = await get(`${proxy.url}/api/v1/routes/chains`);
    const second = await get(`${proxy.url}/api/v1/routes/chains`);
    assert.equal(first.status, 200);
    assert.deepEqual(second.body, first.body, 'the same answer');
    assert.match(first.headers.get('cache-control') ?? '', /^public, max-age=300, stale-while-revalidate=300$/);
    assert.match(second.headers.get('cache-control') ?? '', /^public, max-age=\d+, stale-while-revalidate=300$/);
    assert.equal(second.headers.get('x-ratelimit-remaining'), null, 'a cached copy does not repeat a past quota');

    await get(`${proxy.url}/api/v1/routes/tokens?chainId=1&limit=50`);
    await get(`${proxy.url}/api/v1/routes/tokens?limit=50&chainId=1&ignored=x`);
    await get(`${proxy.url}/api/v1/routes/tokens?chainId=2&limit=50`);
    assert.deepEqual(upstream.calls, [
      'GET /api/v1/routes/chains',
      'GET /api/v1/routes/tokens?chainId=1&limit=50',
      'GET /api/v1/routes/tokens?chainId=2&limit=50',
    ]);
  });

  it('never caches per-user answers: balances, allowance, status, quote', async () => {
    const paths: Array<[string, RequestInit]> = [
      ['/api/v1/data/balances/0xAbC0000000000000000000000000000000000001', {}],
      ['/api/v1/sdk/rpc/evm/allowance?chainId=1&tokenAddress=0xa&ownerAddress=0xb&spenderAddress=0xc', {}],
      ['/api/v1/route-intent/intent_1/status', {}],
      ['/api/v1/routes/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }],
    ];
    for (const [path, init] of paths) {
      const one = await get(`${proxy.url}${path}`, init);
      const two = await get(`${proxy.url}${path}`, init);
      assert.notEqual(one.body.n, two.body.n, path);
      assert.equal(two.headers.get('cache-control'), 'no-store', path);
    }
    assert.equal(upstream.calls.length, 8);
  });

  it('never caches errors: a 500 and a 429 on the catalog are followed by fresh calls', async () => {
    upstream.respond = (_req, res, _body, n) => {
      if (n === 1) return answer(res, 500, { error: 'boom' });
      if (n === 2) return answer(res, 429, { error: 'slow down' }, { 'retry-after': '0' });
      return answer(res, 200, { n });
    };
    const path = `${proxy.url}/api/v1/routes/tokens?chainId=77`;
    assert.equal((await get(path)).status, 500);
    assert.equal((await get(path)).status, 429);
    assert.deepEqual((await get(path)).body, { n: 3 });
    assert.deepEqual((await get(path)).body, { n: 3 });
    assert.equal(upstream.calls.length, 3);
  });
});

describe('coalescing and stale-while-revalidate', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  before(async () => {
    upstream = await startUpstream(numbered);
  });
  after(async () => {
    await upstream.close();
  });
  beforeEach(() => {
    upstream.calls.length = 0;
  });

  it('N identical concurrent misses make one upstream call, and all N get its answer', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    upstream.respond = (req, res, body, n) => void held.then(() => numbered(req, res, body, n));
    const handler = createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY });
    const N = 25;
    // All N enter the proxy before the upstream can have answered: it holds its answer until released.
    const pending = Array.from({ length: N }, () => handler(new Request('http://127.0.0.1/api/v1/routes/tokens?chainId=1')));
    await until(() => upstream.calls.length > 0, 'the first call at the upstream', { timeout: 10_000, interval: 10 });
    release();
    const responses = await Promise.all(pending);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([200]));
    assert.deepEqual(new Set(bodies.map((b) => JSON.stringify(b))), new Set([JSON.stringify({ n: 1, url: '/api/v1/routes/tokens?chainId=1' })]));
    assert.deepEqual(upstream.calls, ['GET /api/v1/routes/tokens?chainId=1']);
  });

  it('past its TTL a stale entry is served at once while one background call refreshes it', async () => {
    upstream.respond = numbered;
    const handler = createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, catalogCache: { ttlMs: 1, staleWhileRevalidateMs: 600_000 } });
    const call = async () => (await handler(new Request('http://127.0.0.1/api/v1/routes/chains'))).json() as Promise<{ n: number }>;
    assert.equal((await call()).n, 1);
    // Wait for the clock to pass the 1 ms TTL.
    const start = Date.now();
    await until(() => Date.now() - start >= 3, 'the TTL to pass', { timeout: 1_000, interval: 2 });
    assert.equal((await call()).n, 1, 'the stale copy, served without waiting');
    await until(() => upstream.calls.length >= 2, 'the background refresh at the upstream', { timeout: 10_000, interval: 10 });
    await until(async () => (await call()).n >= 2, 'the refreshed answer to replace it', { timeout: 10_000, interval: 10 });
  });
});
