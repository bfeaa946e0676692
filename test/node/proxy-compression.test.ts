/**
 * Compressed answers from the Node adapter: brotli or gzip as the client's
 * `Accept-Encoding` allows, `Vary: Accept-Encoding`, small answers plain, a
 * cached catalog answer encoded once per encoding (not per visitor), and
 * `COMPRESSION=off` for the command. Read over plain `http` so nothing
 * decodes the bytes on the way.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { proxyServerOptionsFromEnv } from '../../src/proxy/cli.js';
import { MIN_COMPRESSED_BYTES } from '../../src/proxy/compression.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { startUpstream, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_compression_0123456789';
const ORIGIN = 'https://shop.example';

/** The sandbox's chain list is about 3.7 KB; a production token list is megabytes. */
const CHAINS = JSON.stringify(
  Array.from({ length: 9 }, (_, i) => ({
    chainId: String(1000 + i),
    name: `Chain ${i}`,
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    logoURI: `https://icons.example/chain-${i}.svg`,
  })),
);
const TOKENS = JSON.stringify(
  Array.from({ length: 20_000 }, (_, i) => ({
    chainId: '1',
    address: `0x${i.toString(16).padStart(40, '0')}`,
    symbol: `T${i}`,
    name: `Token ${i}`,
    decimals: 18,
  })),
);

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly bytes: Buffer;
  /** The body as the client reads it after decoding `Content-Encoding`. */
  readonly text: string;
}

function get(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: ORIGIN, ...(acceptEncoding !== undefined ? { 'accept-encoding': acceptEncoding } : {}) };
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const decoded = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: decoded.toString('utf8') });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compressed answers', { timeout: 120_000 }, () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  let plain: RunningProxyServer;
  before(async () => {
    upstream = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '100000', 'x-ratelimit-remaining': '90000' });
      if (req.url?.startsWith('/api/v1/routes/chains')) res.end(CHAINS);
      else if (req.url?.startsWith('/api/v1/routes/tokens')) res.end(TOKENS);
      else res.end(JSON.stringify({ ok: true }));
    });
    const options = { upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, allowedOrigins: [ORIGIN], clientRateLimit: false as const };
    proxy = await startProxyServer(options);
    plain = await startProxyServer({ ...options, compression: false });
  });
  after(async () => {
    await proxy.close();
    await plain.close();
    await upstream.close();
  });

  it('brotli when the client takes it, else gzip; the same JSON either way, far fewer bytes, and Vary: Accept-Encoding', async () => {
    const identity = await get(`${proxy.url}/api/v1/routes/chains`);
    assert.equal(identity.text, CHAINS);
    assert.equal(identity.headers['content-encoding'], undefined);
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const answer = await get(`${proxy.url}/api/v1/routes/chains`, accept);
      assert.equal(answer.headers['content-encoding'], coding, accept);
      assert.equal(answer.text, CHAINS, accept);
      assert.equal(Number(answer.headers['content-length']), answer.bytes.length);
      assert.ok(answer.bytes.length < CHAINS.length / 3, `${accept}: ${answer.bytes.length} of ${CHAINS.length} bytes`);
      assert.match(String(answer.headers.vary), /Origin/);
      assert.match(String(answer.headers.vary), /Accept-Encoding/);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', 'the security headers stay');
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const answer = await get(`${proxy.url}/api/v1/routes/chains`, accept);
      assert.equal(answer.headers['content-encoding'], undefined, accept);
      assert.equal(answer.text, CHAINS);
      assert.match(String(answer.headers.vary), /Accept-Encoding/, 'the answer depends on Accept-Encoding even when plain');
    }
  });

  it(`an answer under ${MIN_COMPRESSED_BYTES} bytes goes plain; compression: false sends everything plain`, async () => {
    const small = await get(`${proxy.url}/api/v1/route-intent/abc/status`, 'br');
    assert.equal(small.status, 200);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.text, JSON.stringify({ ok: true }));
    const off = await get(`${plain.url}/api/v1/routes/chains`, 'br, gzip');
    assert.equal(off.headers['content-encoding'], undefined);
    assert.equal(off.text, CHAINS);
  });

  it('a cached catalog answer is encoded once per encoding: later visitors cost a fraction of the first', async () => {
    const cpu = async (run: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      await run();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    let first: Answer | undefined;
    const firstMs = await cpu(async () => (first = await get(`${proxy.url}/api/v1/routes/tokens`, 'br')));
    assert.equal(first!.headers['content-encoding'], 'br');
    assert.equal(first!.text, TOKENS);
    const later: Answer[] = [];
    const laterMs = await cpu(async () => {
      for (let i = 0; i < 10; i++) later.push(await get(`${proxy.url}/api/v1/routes/tokens`, 'br'));
    });
    for (const answer of later) assert.ok(answer.bytes.equals(first!.bytes), 'every visitor gets the same bytes');
    assert.ok(laterMs < firstMs, `ten later visitors cost ${laterMs.toFixed(0)} ms of CPU, the first ${firstMs.toFixed(0)} ms`);
  });

  it('COMPRESSION=off turns it off for the command', () => {
    const base = { ROUTING_API_URL: 'https://routing.example', ROUTING_API_KEY: API_KEY };
    assert.equal(proxyServerOptionsFromEnv({ ...base, COMPRESSION: 'off' }).compression, false);
    assert.equal(proxyServerOptionsFromEnv({ ...base }).compression, undefined);
    assert.throws(() => proxyServerOptionsFromEnv({ ...base, COMPRESSION: 'maybe' }), /COMPRESSION/);
  });
});
