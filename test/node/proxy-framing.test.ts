/**
 * Strict framing, over raw sockets as it was found: a request whose
 * `Transfer-Encoding` is anything but `chunked` alone (a list that ends in
 * `chunked`, or the header given twice) is refused before its body is read,
 * nothing reaches the routing service, and the request pipelined after it
 * on the same connection never runs: the connection is closed.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { startUpstream, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_framing_0123456789';

/** Writes `raw` on a new connection and reads until the proxy closes it (or 10 s pass). */
function exchange(url: string, raw: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.on('connect', () => socket.write(raw));
  });
}

const statusLines = (text: string) => text.split('\r\n').filter((line) => /^HTTP\/1\.1 \d{3}/.test(line));

describe('strict framing', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  before(async () => {
    upstream = await startUpstream();
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  const body = '{"fromChainId":"1"}';
  const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  const request = (codingLines: readonly string[]) =>
    `POST /api/v1/routes/quote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    codingLines.map((coding) => `Transfer-Encoding: ${coding}\r\n`).join('') +
    `\r\n${chunked}`;
  const pipelined = 'GET /api/v1/routes/chains HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

  for (const [codings, status] of [
    [['identity, chunked'], 501],
    [['gzip, chunked'], 501],
    [['foo, chunked'], 501],
    [['chunked, chunked'], 400],
    [['chunked', 'chunked'], 400],
    [['gzip', 'chunked'], 400],
  ] as const) {
    it(`Transfer-Encoding ${codings.map((c) => `"${c}"`).join(' and ')}: ${status}, nothing forwarded, the connection closed before the next request`, async () => {
      upstream.calls.length = 0;
      const text = await exchange(proxy.url, request(codings) + pipelined);
      assert.deepEqual(statusLines(text), [`HTTP/1.1 ${status} ${status === 501 ? 'Not Implemented' : 'Bad Request'}`], text);
      assert.match(text, /connection: close/i);
      assert.deepEqual(upstream.calls, [], 'neither the refused request nor the one after it reached the routing service');
    });
  }

  it('chunked alone (any letter case) is read and forwarded as before', async () => {
    for (const coding of ['chunked', 'Chunked']) {
      upstream.calls.length = 0;
      upstream.received.length = 0;
      const text = await exchange(proxy.url, request([coding]).replace('Host: 127.0.0.1\r\n', 'Host: 127.0.0.1\r\nConnection: close\r\n'));
      assert.deepEqual(statusLines(text), ['HTTP/1.1 200 OK'], text);
      assert.deepEqual(upstream.calls, ['POST /api/v1/routes/quote']);
      assert.equal(upstream.received[0]!.body, body);
    }
  });
});
