/**
 * One greedy client: an address within its flood limit asks
 * for the whole unpaginated token list (4.2 MB) again and again and never
 * reads an answer. The proxy (the command, its own process, so its memory is
 * its own) keeps one copy of the list and streams every answer from it in
 * parts, so its resident memory stays bounded, and other visitors are served
 * at once meanwhile.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startProxyCommand, startUpstream, type ProxyCommand, type Upstream } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_memory_0123456789';
/** Requests the greedy client sends: within the default flood limit (120 per 10 s). */
const GREEDY_REQUESTS = 100;

function tokenList(bytes: number): string {
  const tokens: unknown[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const token = {
      chainId: String(1 + (i % 40)),
      address: `0x${i.toString(16).padStart(40, '0')}`,
      symbol: `T${i}`,
      name: `Token number ${i}`,
      decimals: 18,
      logoURI: `https://tokens.example/${i}.png`,
    };
    tokens.push(token);
    size += JSON.stringify(token).length + 1;
  }
  return JSON.stringify(tokens);
}

describe('a client that asks for the whole token list and never reads', { timeout: 120_000 }, () => {
  const list = tokenList(4.2e6);
  let upstream: Upstream;
  let proxy: ProxyCommand;
  const sockets: net.Socket[] = [];

  before(async () => {
    upstream = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/api/v1/routes/tokens' ? list : JSON.stringify([{ id: 1, name: 'Sepolia' }]));
    });
    proxy = await startProxyCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY });
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await proxy.kill();
    await upstream.close();
  });

  it(`keeps resident memory bounded over ${GREEDY_REQUESTS} unread 4.2 MB answers, and serves others within a second`, async (t) => {
    const { port } = new URL(proxy.url);
    // Warm: the list is in the cache, and the process has settled.
    const warm = await fetch(`${proxy.url}/api/v1/routes/tokens`);
    assert.equal((await warm.text()).length, list.length);
    const rssBefore = proxy.rss();

    for (let i = 0; i < GREEDY_REQUESTS; i++) {
      const socket = net.connect(Number(port), '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => undefined);
      socket.pause();
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(`GET /api/v1/routes/tokens HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    }
    // Every request has been answered by the proxy (each log line is written as its answer starts).
    await until(() => proxy.log.lines.filter((l) => l.startsWith('GET /api/v1/routes/tokens -> 200')).length >= GREEDY_REQUESTS + 1, 'every request answered', {
      timeout: 20_000,
    });
    assert.equal(proxy.log.lines.filter((l) => l.startsWith('GET /api/v1/routes/tokens -> 200')).length, GREEDY_REQUESTS + 1);

    // Another visitor (another address) meanwhile.
    const others: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${proxy.url}/api/v1/routes/chains`, { agent: false, localAddress: '127.0.0.2' }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
      assert.equal(status, 200);
      others.push(performance.now() - started);
    }
    const rssAfter = proxy.rss();
    const growthMb = (rssAfter - rssBefore) / 1024 / 1024;
    t.diagnostic(
      `proxy RSS ${(rssBefore / 1048576).toFixed(0)} MB -> ${(rssAfter / 1048576).toFixed(0)} MB (+${growthMb.toFixed(1)} MB) over ${GREEDY_REQUESTS} unread answers; other visitors ${others.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    // A copy of the list per request would grow it past 1 GB.
    assert.ok(growthMb < 100, `RSS grew by ${growthMb.toFixed(1)} MB`);
    assert.ok(Math.max(...others) < 1_000, `other visitors waited ${Math.max(...others).toFixed(0)} ms`);
    assert.deepEqual(upstream.calls, ['GET /api/v1/routes/tokens', 'GET /api/v1/routes/chains'], 'one upstream call each: the cache served the rest');
  });
});
