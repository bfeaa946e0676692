/**
 * Operators can see it: `/metrics` in Prometheus's text
 * format (prom-client), off by default, on its own port or behind a token on
 * the proxy's port.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { proxyServerOptionsFromEnv } from '../../src/proxy/cli.js';
import { startUpstream, type Upstream, proxyFleet } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_metrics_0123456789';
const TOKEN = 'scrape-token-0123456789abcdef';

describe('Prometheus metrics', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  const fleet = proxyFleet(() => ({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false }));
  const start = fleet.start;
  before(async () => {
    upstream = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '587' });
      res.end(JSON.stringify({ url: req.url }));
    });
  });
  after(async () => {
    await fleet.closeAll();
    await upstream.close();
  });

  it('is off by default: /metrics is an unknown path', async () => {
    const proxy = await start();
    assert.equal((await fetch(`${proxy.url}/metrics`)).status, 404);
  });

  it('on its own port: requests by route and status, upstream calls, cache results, quota left, store state', async () => {
    const proxy = await start({ prometheus: { port: 0 } });
    assert.ok(proxy.metricsUrl);
    for (let i = 0; i < 3; i++) await (await fetch(`${proxy.url}/api/v1/routes/chains`)).text();
    await (await fetch(`${proxy.url}/api/v1/route-intent/i1/status`)).text();
    await (await fetch(`${proxy.url}/api/v1/nope`)).text();
    const scrape = await fetch(`${proxy.metricsUrl}/metrics`);
    assert.equal(scrape.status, 200);
    assert.match(scrape.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    for (const line of [
      'bridge_proxy_requests_total{route="/api/v1/routes/chains",status="200"} 3',
      'bridge_proxy_requests_total{route="/api/v1/route-intent/:intentId/status",status="200"} 1',
      'bridge_proxy_requests_total{route="unmatched",status="404"} 1',
      'bridge_proxy_upstream_calls_total{route="/api/v1/routes/chains",status="200"} 1',
      'bridge_proxy_upstream_calls_total{route="/api/v1/route-intent/:intentId/status",status="200"} 1',
      'bridge_proxy_catalog_cache_total{result="miss"} 1',
      'bridge_proxy_catalog_cache_total{result="hit"} 2',
      'bridge_proxy_quota_remaining 587',
      'bridge_proxy_store_state{state="memory"} 1',
      'bridge_proxy_store_state{state="down"} 0',
    ]) {
      assert.ok(
        text.includes(line),
        `${line}\n--- in ---\n${text
          .split('\n')
          .filter((l) => l.startsWith('bridge_proxy_') && !l.includes('process') && !l.includes('nodejs'))
          .join('\n')}`,
      );
    }
    assert.match(text, /^bridge_proxy_process_resident_memory_bytes \d+/m, "Node's process metrics too");
    assert.ok(!text.includes(API_KEY));
    assert.equal((await fetch(`${proxy.metricsUrl}/other`)).status, 404);
  });

  it('behind a token on the proxy port: no token, a wrong one, or another method get 404', async () => {
    const proxy = await start({ prometheus: { token: TOKEN }, mountPath: '/bridge' });
    assert.equal(proxy.metricsUrl, undefined);
    assert.equal((await fetch(`${proxy.url}/bridge/metrics`)).status, 404);
    assert.equal((await fetch(`${proxy.url}/bridge/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status, 404);
    assert.equal((await fetch(`${proxy.url}/bridge/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status, 404);
    const scrape = await fetch(`${proxy.url}/bridge/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(scrape.status, 200);
    assert.match(await scrape.text(), /bridge_proxy_store_state\{state="memory"\} 1/);
  });

  it('METRICS_PORT and METRICS_TOKEN configure the command; a short token is refused', async () => {
    const env = { ROUTING_API_URL: 'https://routing.example', ROUTING_API_KEY: API_KEY };
    assert.deepEqual(proxyServerOptionsFromEnv({ ...env, METRICS_PORT: '9464' }).prometheus, { port: 9464 });
    assert.deepEqual(proxyServerOptionsFromEnv({ ...env, METRICS_TOKEN: TOKEN }).prometheus, { token: TOKEN });
    assert.equal(proxyServerOptionsFromEnv(env).prometheus, undefined);
    await assert.rejects(start({ prometheus: { token: 'short' } }), /prometheus.token must be at least 16 characters/);
  });
});
