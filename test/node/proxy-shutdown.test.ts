/**
 * Graceful shutdown: the command, as its own process, gets
 * SIGTERM while receipts are in flight. It stops taking new requests (503
 * `proxy_draining`, /healthz `draining`), lets the receipts reach the routing
 * service and their answers reach the clients, then exits 0.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startProxyCommand, startUpstream, type ProxyCommand, type Upstream } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_shutdown_0123456789';

function post(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('SIGTERM mid-request', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  let proxy: ProxyCommand;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));

  before(async () => {
    upstream = await startUpstream((req, res) => {
      // Receipts are held until the test has seen the proxy draining.
      void released.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { ok: true, url: req.url } }));
      });
    });
    proxy = await startProxyCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY });
  });
  after(async () => {
    release();
    await proxy.kill();
    await upstream.close();
  });

  it('drains: the receipts in flight are forwarded and answered, new requests are turned away, then it exits 0', async () => {
    const receipts = [1, 2, 3].map((n) =>
      post(`${proxy.url}/api/v1/route-intent/intent_${n}/receipt`, JSON.stringify({ txHash: `0x${String(n).repeat(64)}` })),
    );
    await until(() => upstream.calls.length >= 3, 'the three receipts at the routing service', { timeout: 10_000 });
    assert.equal(upstream.calls.length, 3, 'the three receipts reached the routing service');

    process.kill(proxy.pid, 'SIGTERM');
    assert.equal(await proxy.log.next((line) => line.startsWith('draining:')), 'draining: 3 request(s) in progress, up to 30000 ms');
    const health = await fetch(`${proxy.url}/healthz`);
    assert.equal(health.status, 503);
    assert.deepEqual(await health.json(), { status: 'draining', rpcChains: [] });
    const late = await post(`${proxy.url}/api/v1/route-intent/intent_9/receipt`, '{"txHash":"0x09"}');
    assert.equal(late.status, 503);
    assert.equal(JSON.parse(late.body).code, 'proxy_draining', 'a new request is sent elsewhere (the widget retries a receipt on 503)');
    assert.equal(upstream.calls.length, 3, 'and never forwarded');

    release();
    const answers = await Promise.all(receipts);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.deepEqual(
      answers.map((a) => JSON.parse(a.body).data.url),
      [1, 2, 3].map((n) => `/api/v1/route-intent/intent_${n}/receipt`),
    );
    assert.equal(await proxy.exited, 0);
    assert.ok(proxy.log.lines.includes('drained: every request in progress was answered'), proxy.log.lines.join('\n'));
  });
});
