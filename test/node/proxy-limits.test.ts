/**
 * Slow and huge: a client that stops reading loses its
 * connection after the response deadline, and an upstream body over
 * `maxResponseBytes` is refused with 502 instead of being passed on. A real
 * upstream and a real proxy on 127.0.0.1; the stalled client is a bare socket
 * that stops reading.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/proxy/options.js';
import { logWatcher, startUpstream, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_limits_0123456789';

function get(baseUrl: string, path: string): Promise<{ status: number; body: { code?: string } }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      })
      .on('error', reject);
  });
}

describe('a client that stops reading', { timeout: 60_000 }, () => {
  // Far more than loopback socket buffers hold (a few MiB each way), so the proxy's writes must stall.
  const body = JSON.stringify({ pad: 'x'.repeat(24 * 1024 * 1024) });
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  const log = logWatcher();

  before(async () => {
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    proxy = await startProxyServer({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      port: 0,
      maxResponseBytes: 32 * 1024 * 1024,
      responseTimeoutMs: 300,
      onLog: (line) => log.onLog(line),
    });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('has its connection closed by the response deadline; a reading client gets the whole body', async () => {
    const { port } = new URL(proxy.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = 0;
    let ended = false;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.on('end', () => (ended = true));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /api/v1/routes/chains HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    socket.pause();

    const line = await log.next((l) => l.includes('client stopped reading'));
    assert.match(line, /^GET - -> 200 client stopped reading; connection closed after 300ms$/);
    // Reading again now only drains what was already in flight: the proxy has hung up.
    socket.resume();
    await closed;
    assert.ok(ended, 'the proxy ended the connection');
    assert.ok(received < body.length, `received ${received} of ${body.length} bytes`);

    // The same response to a client that reads arrives whole.
    const whole = await new Promise<number>((resolve, reject) => {
      http
        .get(`${proxy.url}/api/v1/routes/chains`, { agent: false }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () => resolve(length));
        })
        .on('error', reject);
    });
    assert.equal(whole, body.length);
  });
});

describe('an upstream body over maxResponseBytes', { timeout: 60_000 }, () => {
  const cap = 64 * 1024;
  const oversized = JSON.stringify({ pad: 'y'.repeat(cap) });
  let chunked = false;
  let upstream: Upstream;
  let proxy: RunningProxyServer;

  before(async () => {
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(oversized.length) }) });
      if (!chunked) return void res.end(oversized);
      // No length announced: the cap has to be enforced while reading.
      res.write(oversized.slice(0, cap / 2));
      res.write(oversized.slice(cap / 2));
      res.end();
    });
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, maxResponseBytes: cap });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('is refused with 502 proxy_upstream_too_large, announced or chunked; the default cap is 8 MiB', async () => {
    assert.equal(DEFAULT_MAX_RESPONSE_BYTES, 8 * 1024 * 1024);
    for (const mode of [false, true]) {
      chunked = mode;
      const response = await get(proxy.url, '/api/v1/routes/tokens');
      assert.equal(response.status, 502, `chunked=${mode}`);
      assert.equal(response.body.code, 'proxy_upstream_too_large');
    }
  });
});
