/**
 * Reference proxy against a real upstream HTTP server on 127.0.0.1 that
 * records every request it receives. Raw paths go through `http.request`
 * because `fetch` would normalise them before they reach the proxy; what
 * `http.request` refuses to send goes over a bare socket.
 *
 * Every response any test receives (status line, headers, body) and every
 * log line any proxy writes is checked for the API key.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseClientRateLimit, proxyServerOptionsFromEnv } from '../../src/proxy/cli.js';
import { createProxyHandler } from '../../src/proxy/handler.js';
import { defaultAllowedHosts, startProxyServer, type NodeProxyServerOptions, type RunningProxyServer } from '../../src/proxy/node.js';
import { resolveProxyOptions } from '../../src/proxy/options.js';
import { startUpstream, type Responder, type Upstream } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_7f3a9c2e51d84b6f';

/**
 * These tests count upstream calls per request and answer 429s on purpose:
 * the catalog cache and the quota priorities (proxy-cache.test.ts,
 * proxy-quota.test.ts) are off here so each request is forwarded as sent.
 */
const FORWARDING_ONLY = { catalogCache: false, quotaReserve: false } as const;

function assertNoKey(where: string, ...texts: readonly string[]): void {
  for (const text of texts) {
    assert.ok(!text.includes(API_KEY), `API key leaked in ${where}: ${text.slice(0, 300)}`);
  }
}

/** Every proxy in this file logs here too; checked once all tests ran. */
const allLogs: string[] = [];
const logSink = (line: string): void => void allLogs.push(line);

after(() => {
  assert.ok(allLogs.length > 0, 'proxies logged');
  assertNoKey('log lines', ...allLogs);
});

const defaultResponder: Responder = (req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'x-request-id': 'req-123',
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': '99',
    'x-ratelimit-reset': '1700000000',
  });
  res.end(JSON.stringify({ data: { method: req.method, url: req.url } }));
};

/**
 * The hooks of a block that shares one upstream: each test starts with it
 * answering `defaultResponder` and nothing received; after the block, the
 * block's proxies (`proxies`) and then the upstream close.
 */
function sharedUpstream(upstream: () => Upstream, proxies: () => RunningProxyServer[] = () => []): void {
  after(async () => {
    await Promise.all(proxies().map((server) => server.close()));
    await upstream().close();
  });
  beforeEach(() => {
    upstream().received.length = 0;
    upstream().respond = defaultResponder;
  });
}

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  json(): unknown;
}

interface RawRequest {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** Source address of the client socket, e.g. `127.0.0.2` to be a second client. */
  readonly localAddress?: string;
}

/** Sends `path` byte for byte as the request-target. */
function rawRequest(baseUrl: string, path: string, options: RawRequest = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  // Node only frames GET/DELETE bodies when told their length.
  const headers = options.body === undefined ? options.headers : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers };
  const method = options.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, method, headers, agent: false, localAddress: options.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        assertNoKey(`${method} ${path}`, `${res.statusCode} ${res.statusMessage}`, JSON.stringify(res.rawHeaders), text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

interface SocketExchange {
  /** Everything the proxy sent, as latin1 text. */
  readonly data: string;
  /** Status of every response on the connection, in order. */
  readonly statuses: readonly number[];
  /** The `code` of every proxy error body on the connection, in order. */
  readonly codes: readonly string[];
  /** The proxy ended the connection (rather than our safety timeout). */
  readonly closedByProxy: boolean;
}

/**
 * A bare TCP client for what `http.request` will not send (absolute-form
 * targets, raw bytes, lying lengths, trickled headers). `drive` writes; the
 * exchange ends when the proxy closes the connection, or after `giveUpMs`
 * (then `closedByProxy` is false).
 */
function socketExchange(baseUrl: string, drive: (socket: net.Socket) => void, { giveUpMs = 15_000 }: { giveUpMs?: number } = {}): Promise<SocketExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    let settled = false;
    const finish = (closedByProxy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      socket.destroy();
      assertNoKey('raw socket exchange', data);
      resolve({
        data,
        statuses: [...data.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1])),
        codes: [...data.matchAll(/"code":"(proxy_[a-z_]+)"/g)].map((m) => m[1]!),
        closedByProxy,
      });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => drive(socket));
  });
}

/** One request written in one go; the connection is left open for the proxy to close or keep. */
function sendRaw(baseUrl: string, bytes: string, giveUpMs = 1_500): Promise<SocketExchange> {
  return socketExchange(baseUrl, (socket) => socket.write(Buffer.from(bytes, 'latin1')), { giveUpMs });
}

interface EdgeResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  json(): unknown;
}

/** Calls an edge handler and checks what it answered for the key. */
async function callEdge(handler: (request: Request) => Promise<Response>, request: Request): Promise<EdgeResponse> {
  const response = await handler(request);
  const text = await response.text();
  assertNoKey(`${request.method} ${request.url}`, JSON.stringify([...response.headers]), text);
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

function assertProxyError(response: RawResponse, status: number, code: string): void {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${response.text}`);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json() as { error?: unknown; code?: unknown };
  assert.equal(body.code, code);
  assert.equal(typeof body.error, 'string');
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** One concrete path per spec endpoint. */
const ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  { method: 'GET', path: '/api/v1/routes/chains' },
  { method: 'GET', path: '/api/v1/routes/tokens' },
  { method: 'GET', path: '/api/v1/sdk/rpc/evm/allowance' },
  { method: 'POST', path: '/api/v1/routes/quote' },
  { method: 'POST', path: '/api/v1/routes/route' },
  { method: 'POST', path: '/api/v1/routes/deposit-address' },
  { method: 'POST', path: '/api/v1/route-intent/intent_01-AbC/receipt' },
  { method: 'GET', path: '/api/v1/route-intent/intent_01-AbC/status' },
  { method: 'GET', path: '/api/v1/data/balances/0xAbC0000000000000000000000000000000000001' },
];

describe('bridge-widget proxy (Node server against a real upstream)', () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  const logs: string[] = [];

  before(async () => {
    upstream = await startUpstream(defaultResponder);
    proxy = await startProxyServer({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      ...FORWARDING_ONLY,
      port: 0,
      onLog: (line) => {
        logs.push(line);
        logSink(line);
      },
    });
  });
  sharedUpstream(
    () => upstream,
    () => [proxy],
  );

  it('logs one line per request, naming the route template rather than the raw path', async () => {
    logs.length = 0;
    await rawRequest(proxy.url, '/api/v1/route-intent/abc/status');
    await rawRequest(proxy.url, '/nope"x');
    assert.match(logs[0] ?? '', /^GET \/api\/v1\/route-intent\/:intentId\/status -> 200 upstream=200 \d+ms$/);
    assert.equal(logs.length, 2);
    assert.match(logs[1]!, /^GET "\/nope\\"x" -> 400 proxy_bad_path \d+ms$/);
  });

  it('binds 127.0.0.1 and reports its URL', () => {
    assert.equal(proxy.url, `http://127.0.0.1:${proxy.port}`);
    assert.ok(proxy.port > 0);
  });

  it('forwards an allowed path with the key injected and the response passed through', async () => {
    const response = await rawRequest(proxy.url, '/api/v1/routes/chains');
    assert.equal(response.status, 200);
    assert.deepEqual(response.json(), { data: { method: 'GET', url: '/api/v1/routes/chains' } });
    assert.equal(upstream.received.length, 1);
    const seen = upstream.received[0]!;
    assert.equal(seen.method, 'GET');
    assert.equal(seen.url, '/api/v1/routes/chains');
    assert.equal(seen.headers['x-api-key'], API_KEY);
    assert.equal(seen.headers['accept'], 'application/json');
  });

  it('passes only the spec-named query parameters, re-encoded', async () => {
    await rawRequest(proxy.url, '/api/v1/routes/tokens?chainId=1&limit=5&q=us%20dc&cursor=a%2Bb&includeTotal=true&x=1&api_key=no');
    const seen = new URL(upstream.received[0]!.url, 'http://upstream');
    assert.equal(seen.pathname, '/api/v1/routes/tokens');
    assert.deepEqual(
      [...seen.searchParams],
      [
        ['chainId', '1'],
        ['limit', '5'],
        ['cursor', 'a+b'],
        ['q', 'us dc'],
        ['includeTotal', 'true'],
      ],
    );

    upstream.received.length = 0;
    await rawRequest(proxy.url, '/api/v1/sdk/rpc/evm/allowance?chainId=1&tokenAddress=0xa&ownerAddress=0xb&spenderAddress=0xc&chain=9');
    assert.equal(upstream.received[0]!.url, '/api/v1/sdk/rpc/evm/allowance?chainId=1&tokenAddress=0xa&ownerAddress=0xb&spenderAddress=0xc');

    upstream.received.length = 0;
    await rawRequest(proxy.url, '/api/v1/routes/chains?chainId=1');
    assert.equal(upstream.received[0]!.url, '/api/v1/routes/chains', 'endpoints without query parameters get none');
  });

  it('refuses a spec-named query parameter given twice', async () => {
    const response = await rawRequest(proxy.url, '/api/v1/routes/tokens?chainId=1&chainId=2');
    assertProxyError(response, 400, 'proxy_invalid_query');
    assert.equal(upstream.received.length, 0);
  });

  for (const { method, path } of ENDPOINTS) {
    it(`forwards ${method} ${path}`, async () => {
      const body = method === 'POST' ? JSON.stringify({ txHash: '0x01', n: [1, 2] }) : undefined;
      const response = await rawRequest(proxy.url, path, {
        method,
        headers: method === 'POST' ? JSON_HEADERS : {},
        ...(body === undefined ? {} : { body }),
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(upstream.received.length, 1);
      const seen = upstream.received[0]!;
      assert.equal(seen.method, method);
      assert.equal(seen.url, path);
      assert.equal(seen.headers['x-api-key'], API_KEY);
      if (body !== undefined) {
        assert.equal(seen.body, body);
        assert.equal(seen.headers['content-type'], 'application/json');
      }
    });
  }

  it('answers unknown and legacy paths with 404 and no upstream call', async () => {
    for (const path of [
      '/',
      '/api/v1',
      '/api/v2/routes/chains',
      '/api/v1/routes/chains/',
      '/api/v1/routes/chains/extra',
      '/api/v1//routes/chains',
      '/api/routes/chains',
      '/api/route-intent/abc/status',
      '/API/v1/routes/chains',
      '/api/v1/route-intent/abc',
    ]) {
      assertProxyError(await rawRequest(proxy.url, path), 404, 'proxy_not_found');
    }
    assert.equal(upstream.received.length, 0);
  });

  it('refuses wrong methods (HEAD included) with 405 and no upstream call', async () => {
    for (const [method, path, allow] of [
      ['DELETE', '/api/v1/routes/chains', 'GET, OPTIONS'],
      ['PUT', '/api/v1/routes/quote', 'POST, OPTIONS'],
      ['GET', '/api/v1/routes/quote', 'POST, OPTIONS'],
      ['POST', '/api/v1/routes/chains', 'GET, OPTIONS'],
      ['POST', '/api/v1/route-intent/abc/status', 'GET, OPTIONS'],
      ['PATCH', '/api/v1/data/balances/0xabc', 'GET, OPTIONS'],
    ] as const) {
      const response = await rawRequest(proxy.url, path, { method, headers: JSON_HEADERS, body: '{}' });
      assertProxyError(response, 405, 'proxy_method_not_allowed');
      assert.equal(response.headers['allow'], allow);
    }
    const head = await rawRequest(proxy.url, '/api/v1/routes/chains', { method: 'HEAD' });
    assert.equal(head.status, 405);
    assert.equal(upstream.received.length, 0);
  });

  it('drops client credentials and injects only the configured key', async () => {
    await rawRequest(proxy.url, '/api/v1/routes/chains', {
      headers: {
        'X-API-Key': 'attacker-key',
        'x-api-KEY-extra': 'nope',
        Authorization: 'Bearer attacker',
        Cookie: 'session=1',
        'X-Forwarded-For': '10.0.0.1',
        'X-Request-Id': 'client-chosen',
      },
    });
    const seen = upstream.received[0]!;
    assert.equal(seen.headers['x-api-key'], API_KEY);
    const apiKeyHeaders = seen.rawHeaders.filter((_, i) => i % 2 === 0 && seen.rawHeaders[i]!.toLowerCase() === 'x-api-key');
    assert.equal(apiKeyHeaders.length, 1);
    assert.equal(seen.headers['authorization'], undefined);
    assert.equal(seen.headers['cookie'], undefined);
    assert.equal(seen.headers['x-forwarded-for'], undefined);
    assert.equal(seen.headers['x-request-id'], undefined);
    assert.equal(seen.headers['x-api-key-extra'], undefined);
  });

  it('refuses path traversal and smuggling attempts without calling upstream', async () => {
    const attempts = [
      '/api/v1/route-intent/..%2F..%2Fsdk%2Fvalidate/status',
      '/api/v1/route-intent/..%2f..%2fsdk%2fvalidate/status',
      '/api/v1/route-intent/%2e%2e/status',
      '/api/v1/route-intent/%2E%2E%2F%2E%2E%2Fsdk%2Fvalidate/status',
      '/api/v1/route-intent/abc%252F..%252Fx/status',
      '/api/v1/route-intent/abc%5C..%5Cx/status',
      '/api/v1/route-intent/abc\\..\\x/status',
      '/api/v1/route-intent/x\\..\\y/status',
      '/api/v1/route-intent/abc;x=1/status',
      '/api/v1/route-intent/abc%3Fq=1/status',
      '/api/v1/route-intent/abc%23frag/status',
      '/api/v1/route-intent/../../sdk/validate/status',
      '/api/v1/route-intent/./abc/status',
      '/api/v1/route-intent/abc/../abc/status',
      '/api/v1/data/balances/0xabc%2F..%2F..%2Fsdk%2Fvalidate',
      '/api/v1/data/balances/..',
      '/api/v1/data/balances/0xabc;jsessionid=1',
      '/api/v1/routes/chains;x=1',
      '//127.0.0.1/api/v1/routes/chains',
      `/api/v1/route-intent/${'a'.repeat(129)}/status`,
    ];
    for (const path of attempts) {
      const response = await rawRequest(proxy.url, path);
      assert.ok([400, 404].includes(response.status), `${path} -> ${response.status}`);
      assert.match((response.json() as { code: string }).code, /^proxy_/);
    }
    assert.deepEqual(
      upstream.received.map((r) => r.url),
      [],
    );
  });

  it('passes through the spec headers and status, exposes nothing else', async () => {
    upstream.respond = (_req, res) => {
      res.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': 'req-429',
        'x-provider-request-id': 'prov-1',
        'x-ratelimit-limit': '10',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1700000060',
        'retry-after': '30',
        deprecation: 'true',
        sunset: 'Thu, 31 Dec 2026 23:59:59 GMT',
        link: '<https://docs.example/v2>; rel="successor-version"',
        'set-cookie': 'upstream=1',
        server: 'upstream/1.0',
        'x-internal-node': 'n7',
        'access-control-allow-origin': 'https://evil.example',
        'cache-control': 'public, max-age=9999',
      });
      res.end(JSON.stringify({ error: 'rate limited', request_id: 'req-429' }));
    };
    const response = await rawRequest(proxy.url, '/api/v1/route-intent/abc/status');
    assert.equal(response.status, 429);
    assert.deepEqual(response.json(), { error: 'rate limited', request_id: 'req-429' });
    const h = response.headers;
    assert.equal(h['content-type'], 'application/json; charset=utf-8');
    assert.equal(h['x-request-id'], 'req-429');
    assert.equal(h['x-provider-request-id'], 'prov-1');
    assert.equal(h['x-ratelimit-limit'], '10');
    assert.equal(h['x-ratelimit-remaining'], '0');
    assert.equal(h['x-ratelimit-reset'], '1700000060');
    assert.equal(h['retry-after'], '30');
    assert.equal(h['deprecation'], 'true');
    assert.equal(h['sunset'], 'Thu, 31 Dec 2026 23:59:59 GMT');
    assert.equal(h['link'], '<https://docs.example/v2>; rel="successor-version"');
    assert.equal(h['set-cookie'], undefined);
    assert.equal(h['server'], undefined);
    assert.equal(h['x-internal-node'], undefined);
    assert.equal(h['cache-control'], 'no-store', "the proxy's own, not the upstream's");
    assert.equal(h['access-control-allow-origin'], undefined);
  });

  it('never lets the key reach the client, even when the upstream echoes it', async () => {
    upstream.respond = async (req, res) => {
      const key = String(req.headers['x-api-key']);
      res.writeHead(500, {
        'content-type': 'application/json',
        link: `<https://upstream.example/next?api_key=${key}>; rel="next"`,
        'x-request-id': `id-${key}`,
      });
      // Split across writes so the key straddles chunk boundaries.
      const body = JSON.stringify({ error: `bad key ${key}`, echo: { 'X-API-Key': key }, encoded: encodeURIComponent(key) });
      const cut = body.indexOf(key) + 5;
      res.write(body.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 30));
      res.write(body.slice(cut, cut + 3));
      await new Promise((resolve) => setTimeout(resolve, 30));
      res.end(body.slice(cut + 3));
    };
    const response = await rawRequest(proxy.url, '/api/v1/routes/chains');
    assert.equal(response.status, 500);
    assert.ok(!response.text.includes(API_KEY), response.text);
    assert.ok(!JSON.stringify(response.headers).includes(API_KEY));
    const body = response.json() as { error: string; echo: Record<string, string> };
    assert.equal(body.error, 'bad key [redacted]');
    assert.equal(body.echo['X-API-Key'], '[redacted]');
    assert.equal(response.headers['x-request-id'], 'id-[redacted]');
    assert.ok(logs.length > 0);
    assert.ok(logs.every((line) => !line.includes(API_KEY)));
  });

  it('caps request bodies: 413 up front by Content-Length and while reading a chunked body', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    const declared = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    assertProxyError(declared, 413, 'proxy_body_too_large');

    const chunked = await new Promise<RawResponse>((resolve, reject) => {
      const { hostname, port } = new URL(proxy.url);
      const req = http.request({ host: hostname, port, path: '/api/v1/routes/route', method: 'POST', headers: JSON_HEADERS, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      });
      // The proxy may close the connection before we finish writing.
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      let sent = 0;
      const pump = () => {
        while (sent < 1024 * 1024) {
          sent += 16 * 1024;
          if (!req.write('x'.repeat(16 * 1024))) return void req.once('drain', pump);
        }
        req.end();
      };
      req.write('{"pad":"');
      pump();
    });
    assertProxyError(chunked, 413, 'proxy_body_too_large');
    assert.equal(upstream.received.length, 0);
  });

  it('requires JSON bodies on POST', async () => {
    assertProxyError(
      await rawRequest(proxy.url, '/api/v1/routes/quote', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }),
      415,
      'proxy_unsupported_media_type',
    );
    assertProxyError(await rawRequest(proxy.url, '/api/v1/routes/quote', { method: 'POST', body: '{}' }), 415, 'proxy_unsupported_media_type');
    assertProxyError(
      await rawRequest(proxy.url, '/api/v1/routes/quote', { method: 'POST', headers: JSON_HEADERS, body: '{not json' }),
      400,
      'proxy_invalid_json',
    );
    assert.equal(upstream.received.length, 0);
    const ok = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: '{"a":1}',
    });
    assert.equal(ok.status, 200);
  });

  it('answers 502 when the upstream redirects, without following it', async () => {
    upstream.respond = (_req, res) => {
      res.writeHead(302, { location: '/api/v1/sdk/validate' });
      res.end();
    };
    assertProxyError(await rawRequest(proxy.url, '/api/v1/routes/chains'), 502, 'proxy_upstream_redirect');
    assert.equal(upstream.received.length, 1);
  });

  it('passes a body-less upstream status through', async () => {
    upstream.respond = (_req, res) => {
      res.writeHead(204, { 'x-request-id': 'empty' });
      res.end();
    };
    const response = await rawRequest(proxy.url, '/api/v1/routes/chains');
    assert.equal(response.status, 204);
    assert.equal(response.headers['x-request-id'], 'empty');
    assert.equal(response.text, '');
  });

  it('refuses a cross-origin browser request by default (same-origin only)', async () => {
    const crossOrigin = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin: 'https://shop.example' } });
    assertProxyError(crossOrigin, 403, 'proxy_origin_not_allowed');
    // The refusal (and only it) is readable by that page, so the widget can say what to fix.
    assert.equal(crossOrigin.headers['access-control-allow-origin'], 'https://shop.example');
    assert.equal(crossOrigin.headers['access-control-expose-headers'], undefined);
    const preflight = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204, 'answered, so the browser makes the request and reads its refusal');
    assert.equal(upstream.received.length, 0);

    const sameOrigin = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin: proxy.url } });
    assert.equal(sameOrigin.status, 200);
    assert.equal(sameOrigin.headers['access-control-allow-origin'], undefined);
    const noOrigin = await rawRequest(proxy.url, '/api/v1/routes/chains');
    assert.equal(noOrigin.status, 200);
    // Behind a front proxy that rewrites Host, the browser's Sec-Fetch-Site still vouches.
    const vouched = await rawRequest(proxy.url, '/api/v1/routes/chains', {
      headers: { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(vouched.status, 200);
    assert.equal(vouched.headers['access-control-allow-origin'], undefined);
    const crossSite = await rawRequest(proxy.url, '/api/v1/routes/chains', {
      headers: { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(crossSite.status, 403);
    assert.equal(upstream.received.length, 3);
  });

  it('refuses a slow request body with 408', async () => {
    const slowLogs: string[] = [];
    const slow = await startProxyServer({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      ...FORWARDING_ONLY,
      port: 0,
      bodyTimeoutMs: 200,
      onLog: (line) => {
        slowLogs.push(line);
        logSink(line);
      },
    });
    try {
      const response = await new Promise<RawResponse>((resolve, reject) => {
        const { hostname, port } = new URL(slow.url);
        const req = http.request(
          {
            host: hostname,
            port,
            path: '/api/v1/routes/quote',
            method: 'POST',
            headers: { ...JSON_HEADERS, 'content-length': '100' },
            agent: false,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              clearInterval(trickle);
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
            });
          },
        );
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        req.write('{"a":');
        const trickle = setInterval(() => {
          if (!req.destroyed) req.write(' ');
        }, 50);
      });
      assertProxyError(response, 408, 'proxy_body_timeout');
      assert.equal(upstream.received.length, 0);
      // The handler must not be left waiting on the abandoned body.
      // Wait for the log line itself; the bound only keeps a broken handler from spinning forever.
      await until(() => slowLogs.length > 0, 'the log line of the abandoned body', { timeout: 30_000, interval: 10 });
      assert.match(slowLogs[0] ?? '', /^POST \/api\/v1\/routes\/quote -> 400 proxy_body_unreadable/);
    } finally {
      await slow.close();
    }
  });
});

describe('proxy options', () => {
  let upstream: Upstream;
  const servers: RunningProxyServer[] = [];
  const start = async (options: Partial<Parameters<typeof startProxyServer>[0]>) => {
    const server = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, ...FORWARDING_ONLY, port: 0, onLog: logSink, ...options });
    servers.push(server);
    return server;
  };

  before(async () => {
    upstream = await startUpstream(defaultResponder);
  });
  sharedUpstream(
    () => upstream,
    () => servers,
  );

  it('grants CORS to allowed origins, with preflight, and refuses others', async () => {
    const proxy = await start({ allowedOrigins: ['https://shop.example', 'http://localhost:5173'] });

    const allowed = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin: 'https://shop.example' } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://shop.example');
    assert.match(String(allowed.headers['vary']), /Origin/);
    const exposed = String(allowed.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    for (const name of ['x-request-id', 'x-provider-request-id', 'x-ratelimit-remaining', 'retry-after', 'deprecation']) {
      assert.ok(exposed.includes(name), `${name} exposed`);
    }

    const preflight = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:5173');
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /content-type/i);
    assert.ok(Number(preflight.headers['access-control-max-age']) > 0);
    assert.match(String(preflight.headers['vary']), /Origin/);

    const refusedPreflight = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    // Answered (the actual request only ever gets the 403 below, readable by the page).
    assert.equal(refusedPreflight.status, 204);
    assert.equal(refusedPreflight.headers['access-control-allow-origin'], 'https://evil.example');
    const refusedActual = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
      body: '{}',
    });
    assertProxyError(refusedActual, 403, 'proxy_origin_not_allowed');
    assert.equal(refusedActual.headers['access-control-allow-origin'], 'https://evil.example');

    const refused = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: 'https://shop.example.evil.example' },
      body: '{}',
    });
    assertProxyError(refused, 403, 'proxy_origin_not_allowed');

    const unknownPreflight = await rawRequest(proxy.url, '/api/v1/nope', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(unknownPreflight.status, 404);

    // Proxy errors are readable by the allowed page too.
    const error = await rawRequest(proxy.url, '/api/v1/nope', { headers: { origin: 'https://shop.example' } });
    assert.equal(error.status, 404);
    assert.equal(error.headers['access-control-allow-origin'], 'https://shop.example');

    assert.equal(upstream.received.length, 1, 'only the allowed GET reached upstream');
  });

  it("allows any origin with ['*']", async () => {
    const proxy = await start({ allowedOrigins: ['*'] });
    const response = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin: 'https://anyone.example' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });

  it('serves below mountPath and forwards to the spec path below a base path of upstreamUrl', async () => {
    const proxy = await start({ mountPath: '/bridge/', upstreamUrl: `${upstream.url}/routing/` });
    const response = await rawRequest(proxy.url, '/bridge/api/v1/route-intent/abc/status');
    assert.equal(response.status, 200);
    assert.equal(upstream.received[0]!.url, '/routing/api/v1/route-intent/abc/status');

    assertProxyError(await rawRequest(proxy.url, '/api/v1/routes/chains'), 404, 'proxy_not_found');
    assertProxyError(await rawRequest(proxy.url, '/bridge'), 404, 'proxy_not_found');
    assertProxyError(await rawRequest(proxy.url, '/bridgeapi/v1/routes/chains'), 404, 'proxy_not_found');
    assert.equal(upstream.received.length, 1);
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    upstream.respond = () => undefined; // never answers
    const proxy = await start({ upstreamTimeoutMs: 200 });
    const response = await rawRequest(proxy.url, '/api/v1/routes/chains');
    assertProxyError(response, 504, 'proxy_upstream_timeout');
  });

  it('answers 502 when the upstream is unreachable', async () => {
    const gone = await startUpstream();
    const deadUrl = gone.url;
    await gone.close();
    const proxy = await start({ upstreamUrl: deadUrl });
    assertProxyError(await rawRequest(proxy.url, '/api/v1/routes/chains'), 502, 'proxy_upstream_unreachable');
  });

  it('rejects invalid configuration without echoing the key', () => {
    assert.throws(() => createProxyHandler({ upstreamUrl: 'not a url', apiKey: API_KEY }), /upstreamUrl/);
    assert.throws(() => createProxyHandler({ upstreamUrl: upstream.url, apiKey: '' }), /apiKey/);
    assert.throws(() => createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, allowedOrigins: ['https://shop.example/path'] }), /allowedOrigins/);
    assert.throws(() => createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, mountPath: 'bridge/../x' }), /mountPath/);
    assert.throws(
      () => createProxyHandler({ upstreamUrl: upstream.url, apiKey: `${API_KEY} x` }),
      (error: Error) => !error.message.includes(API_KEY),
    );
  });
});

describe('hostile clients: each refused without touching upstream', () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  const servers: RunningProxyServer[] = [];
  const start = async (options: Partial<NodeProxyServerOptions> = {}) => {
    const server = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, ...FORWARDING_ONLY, port: 0, onLog: logSink, ...options });
    servers.push(server);
    return server;
  };
  const upstreamHost = () => new URL(upstream.url).host;
  const untouched = (what: string) =>
    assert.deepEqual(
      upstream.received.map((r) => `${r.method} ${r.url}`),
      [],
      `${what}: upstream must not be called`,
    );

  before(async () => {
    upstream = await startUpstream(defaultResponder);
    // Limit off here: these tests send hundreds of requests from one address; the flood tests have their own servers.
    // Any host name: these requests use the upstream's and other names to show the refusals after the host check;
    // the host check itself has its own servers below.
    proxy = await start({ allowedOrigins: ['https://shop.example'], clientRateLimit: false, allowedHosts: ['*'] });
  });
  sharedUpstream(
    () => upstream,
    () => servers,
  );

  describe('paths', () => {
    it('refuses encoded separators, dot segments, look-alikes, NUL and smuggled queries', async () => {
      const attempts = [
        '/api/v1/route-intent/abc%2Fstatus',
        '/api/v1/route-intent/..%2Fsdk%2Fvalidate/status',
        '/api/v1/route-intent/..%2fsdk%2fvalidate/status',
        '/api/v1/route-intent/abc%5C..%5Cx/status',
        '/api/v1/route-intent/abc%5c..%5cx/status',
        '/api/v1/route-intent/abc%252F..%252Fx/status',
        '/api/v1/route-intent/%252e%252e/status',
        '/api/v1/route-intent/../status',
        '/api/v1/route-intent/%2e%2e/status',
        '/api/v1/route-intent/.%2e/status',
        '/api/v1/route-intent/%2e./status',
        '/api/v1/route-intent/%2E%2E/status',
        '/api/v1/sdk/./validate',
        '/api/v1/sdk/%2e/validate',
        '/api/v1/route-intent/%E2%80%A4%E2%80%A4/status',
        '/api/v1/route-intent/%EF%BC%8E%EF%BC%8E/status',
        '/api/v1/route-intent/abc%EF%BC%8Fx/status',
        '/api/v1/route-intent/abc%C0%AFx/status',
        '/api/v1/route-intent/abc%00/status',
        '/api/v1/route-intent/%00/status',
        '/api/v1/data/balances/0xabc%00',
        '/api/v1/data/balances/0xabc%00.json',
        '/api/v1/route-intent/abc%3Fx=1/status',
        '/api/v1/route-intent/abc%3fx=1/status',
        '/api/v1/data/balances/0xabc%3F',
        '/api/v1/route-intent/abc%23x/status',
        '/api/v1/route-intent/abc%0D%0AX-Evil:1/status',
        '/api/v1/route-intent/abc%20/status',
        '//evil.example/api/v1/routes/chains',
        '///api/v1/routes/chains',
        '/\\evil.example/api/v1/routes/chains',
        '/api/v1/routes/chains/..',
        '/api/v1/routes/chains%2F..%2F..%2Fsdk%2Fvalidate',
        `/api/v1/route-intent/${'a'.repeat(129)}/status`,
        `/api/v1/data/balances/0x${'a'.repeat(200)}`,
        `/api/v1/route-intent/${'a'.repeat(4000)}/status`,
      ];
      for (const path of attempts) {
        const response = await rawRequest(proxy.url, path);
        assert.ok([400, 404].includes(response.status), `${path.slice(0, 80)} -> ${response.status}`);
        assert.match((response.json() as { code: string }).code, /^proxy_/);
      }
      untouched('traversal attempts');
      // The same routes with a plain parameter still work, so the refusals are not an accident.
      assert.equal((await rawRequest(proxy.url, '/api/v1/route-intent/abc/status')).status, 200);
      assert.equal(upstream.received[0]!.url, '/api/v1/route-intent/abc/status');
    });

    it('refuses raw non-ASCII, NUL, control bytes, spaces and a lone CR in the request-target', async () => {
      for (const target of [
        '/api/v1/route-intent/\xE2\x80\xA4\xE2\x80\xA4/status',
        '/api/v1/route-intent/abc\x00/status',
        '/api/v1/route-intent/abc\x7F/status',
        '/api/v1/route-intent/abc\x01/status',
        '/api/v1/route-intent/a b/status',
        '/api/v1/routes/tokens?q=a\rX-Evil: 1',
      ]) {
        const exchange = await sendRaw(proxy.url, `GET ${target} HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n`);
        assert.equal(exchange.statuses[0], 400, JSON.stringify(target));
        assert.ok(['proxy_bad_request', 'proxy_bad_path'].includes(exchange.codes[0] ?? ''), exchange.data);
        assert.ok(exchange.closedByProxy);
      }
      untouched('raw bytes');
    });

    it('refuses absolute-form, asterisk-form and authority-form targets (CONNECT)', async () => {
      const self = `127.0.0.1:${proxy.port}`;
      const cases: ReadonlyArray<readonly [string, number, string]> = [
        ['GET http://evil.example/api/v1/routes/chains HTTP/1.1\r\nHost: evil.example', 400, 'proxy_bad_path'],
        ['GET https://evil.example/api/v1/sdk/validate HTTP/1.1\r\nHost: proxy', 400, 'proxy_bad_path'],
        [`GET http://${self}/api/v1/routes/chains HTTP/1.1\r\nHost: ${self}`, 400, 'proxy_bad_path'],
        ['OPTIONS * HTTP/1.1\r\nHost: proxy', 400, 'proxy_bad_path'],
        ['CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443', 405, 'proxy_method_not_allowed'],
        [`CONNECT ${upstreamHost()} HTTP/1.1\r\nHost: ${upstreamHost()}`, 405, 'proxy_method_not_allowed'],
      ];
      for (const [head, status, code] of cases) {
        const exchange = await sendRaw(proxy.url, `${head}\r\nConnection: close\r\n\r\n`);
        assert.deepEqual(exchange.statuses, [status], head);
        assert.deepEqual(exchange.codes, [code], head);
        assert.ok(exchange.closedByProxy, head);
      }
      untouched('absolute-form targets');
    });

    it('answers an oversized request line or header block with 431 and closes', async () => {
      for (const bytes of [
        `GET /api/v1/route-intent/${'a'.repeat(20_000)}/status HTTP/1.1\r\nHost: proxy\r\n\r\n`,
        `GET /api/v1/routes/chains HTTP/1.1\r\nHost: proxy\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
      ]) {
        const exchange = await sendRaw(proxy.url, bytes);
        assert.ok(exchange.closedByProxy);
        // The answer can be lost to a reset when the proxy closes on unread bytes; when it arrives it is 431.
        assert.ok(
          exchange.statuses.every((status) => status === 431),
          exchange.data,
        );
        assert.ok(
          exchange.codes.every((code) => code === 'proxy_headers_too_large'),
          exchange.data,
        );
      }
      untouched('oversized heads');
    });
  });

  describe('methods', () => {
    it('refuses HEAD, PUT, DELETE, PATCH, TRACE and the other verb on every route with 405', async () => {
      for (const { method, path } of ENDPOINTS) {
        const other = method === 'GET' ? 'POST' : 'GET';
        for (const verb of ['HEAD', 'PUT', 'DELETE', 'PATCH', 'TRACE', other]) {
          const withBody = verb !== 'GET' && verb !== 'HEAD' && verb !== 'TRACE';
          const response = await rawRequest(proxy.url, path, {
            method: verb,
            headers: JSON_HEADERS,
            ...(withBody ? { body: '{}' } : {}),
          });
          assert.equal(response.status, 405, `${verb} ${path}`);
          if (verb === 'HEAD') continue;
          assertProxyError(response, 405, 'proxy_method_not_allowed');
          assert.equal(response.headers['allow'], verb === 'TRACE' ? 'GET, POST, OPTIONS' : `${method}, OPTIONS`);
        }
      }
      untouched('wrong methods');
    });

    it('answers OPTIONS without preflight headers locally and grants nothing', async () => {
      const bare = await rawRequest(proxy.url, '/api/v1/routes/quote', { method: 'OPTIONS' });
      assert.equal(bare.status, 204);
      assert.equal(bare.headers['allow'], 'POST, OPTIONS');
      assert.deepEqual(
        Object.keys(bare.headers).filter((name) => name.startsWith('access-control-')),
        [],
      );

      // An allowed origin but no Access-Control-Request-Method: not a preflight, so no preflight grant.
      const noMethod = await rawRequest(proxy.url, '/api/v1/routes/quote', {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example' },
      });
      assert.equal(noMethod.status, 204);
      assert.equal(noMethod.headers['access-control-allow-methods'], undefined);
      assert.equal(noMethod.headers['access-control-allow-headers'], undefined);
      assert.equal(noMethod.headers['access-control-max-age'], undefined);

      // A real preflight asking for another method only learns the route's own.
      const askDelete = await rawRequest(proxy.url, '/api/v1/routes/quote', {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'DELETE' },
      });
      assert.equal(askDelete.status, 204);
      assert.equal(askDelete.headers['access-control-allow-methods'], 'POST');
      untouched('OPTIONS');
    });

    it('ignores method overrides: headers dropped, _method dropped, method unchanged', async () => {
      const overrides = {
        'X-HTTP-Method-Override': 'DELETE',
        'X-HTTP-Method': 'PUT',
        'X-Method-Override': 'PATCH',
      };
      const post = await rawRequest(proxy.url, '/api/v1/routes/quote?_method=DELETE', {
        method: 'POST',
        headers: { ...JSON_HEADERS, ...overrides },
        body: '{"_method":"DELETE"}',
      });
      assert.equal(post.status, 200);
      const get = await rawRequest(proxy.url, '/api/v1/routes/tokens?_method=POST&chainId=1', {
        headers: { ...overrides, 'X-HTTP-Method-Override': 'POST' },
      });
      assert.equal(get.status, 200);
      assert.deepEqual(
        upstream.received.map((r) => [r.method, r.url, r.body]),
        [
          ['POST', '/api/v1/routes/quote', '{"_method":"DELETE"}'],
          ['GET', '/api/v1/routes/tokens?chainId=1', ''],
        ],
      );
      for (const seen of upstream.received) {
        for (const name of Object.keys(overrides)) assert.equal(seen.headers[name.toLowerCase()], undefined, name);
      }

      // An override cannot turn a refused method into an allowed one.
      const wrong = await rawRequest(proxy.url, '/api/v1/routes/chains', {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'X-HTTP-Method-Override': 'GET' },
        body: '{}',
      });
      assertProxyError(wrong, 405, 'proxy_method_not_allowed');
      const deleteWithOverride = await rawRequest(proxy.url, '/api/v1/routes/chains?_method=GET', { method: 'DELETE' });
      assertProxyError(deleteWithOverride, 405, 'proxy_method_not_allowed');
      assert.equal(upstream.received.length, 2);
    });

    it('refuses a GET that carries a body, without reading it, and closes the connection', async () => {
      const withLength = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: JSON_HEADERS, body: '{"a":1}' });
      assertProxyError(withLength, 400, 'proxy_unexpected_body');
      assert.equal(withLength.headers['connection'], 'close');

      const chunked = await sendRaw(
        proxy.url,
        'GET /api/v1/routes/chains HTTP/1.1\r\nHost: proxy\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n',
      );
      assert.deepEqual(chunked.statuses, [400]);
      assert.deepEqual(chunked.codes, ['proxy_unexpected_body']);
      assert.ok(chunked.closedByProxy);
      untouched('GET with a body');
    });
  });

  describe('bodies', () => {
    it('answers 413 to a Content-Length above the cap at once, before any body byte is sent', async () => {
      const exchange = await sendRaw(
        proxy.url,
        'POST /api/v1/routes/quote HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n',
        15_000,
      );
      assert.deepEqual(exchange.statuses, [413]);
      assert.deepEqual(exchange.codes, ['proxy_body_too_large']);
      assert.ok(exchange.closedByProxy, 'the unread body must not be parsed as a next request');
      untouched('declared oversized body');
    });

    it('cuts a body at its declared Content-Length: extra bytes are never forwarded', async () => {
      // Extra bytes that form a request are just the next request on the connection, judged on their own.
      const pipelined = await sendRaw(
        proxy.url,
        'POST /api/v1/routes/quote HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n' +
          '{"a":1}DELETE /api/v1/routes/chains HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n',
      );
      assert.deepEqual(pipelined.statuses, [200, 405]);
      assert.deepEqual(pipelined.codes, ['proxy_method_not_allowed']);
      assert.deepEqual(
        upstream.received.map((r) => [r.method, r.url, r.body]),
        [['POST', '/api/v1/routes/quote', '{"a":1}']],
      );

      // Extra bytes that are garbage: Node refuses them and drops the connection.
      upstream.received.length = 0;
      const garbage = await sendRaw(
        proxy.url,
        'POST /api/v1/routes/quote HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n' + '{"a":1}{"smuggled":true}',
      );
      assert.ok(garbage.closedByProxy);
      assert.ok(garbage.statuses.includes(400), garbage.data);
      assert.ok(garbage.codes.includes('proxy_bad_request'), garbage.data);
      assert.ok(
        upstream.received.every((r) => r.body === '{"a":1}'),
        'upstream never sees the extra bytes',
      );

      // Declared shorter than the document: the proxy judges only the declared bytes.
      upstream.received.length = 0;
      const short = await sendRaw(
        proxy.url,
        'POST /api/v1/routes/quote HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":1}',
      );
      assert.ok(short.closedByProxy);
      assert.equal(short.statuses[0], 400);
      untouched('short Content-Length');
    });

    it('refuses ambiguous framing: Content-Length with Transfer-Encoding, conflicting lengths, odd codings', async () => {
      for (const framing of [
        'Content-Length: 7\r\nTransfer-Encoding: chunked',
        'Transfer-Encoding: chunked\r\nContent-Length: 7',
        'Content-Length: 7\r\nContent-Length: 8',
        'Content-Length: +7',
        'Content-Length: 0x7',
        'Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked',
        'Transfer-Encoding: chunked, identity',
        'Transfer-Encoding : chunked',
      ]) {
        const head = `POST /api/v1/routes/quote HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\n${framing}`;
        const exchange = await sendRaw(proxy.url, `${head}\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n`);
        assert.equal(exchange.statuses[0], 400, framing);
        assert.ok(exchange.closedByProxy, framing);
      }
      untouched('ambiguous framing');
    });

    it('disconnects a client that trickles its headers past headersTimeoutMs, with 408', async () => {
      const slow = await start({ headersTimeoutMs: 500 });
      let trickle: NodeJS.Timeout | undefined;
      const exchange = await socketExchange(slow.url, (socket) => {
        socket.write('GET /api/v1/routes/chains HTTP/1.1\r\nHost: proxy\r\n');
        const header = `X-Slow: ${'a'.repeat(10_000)}`;
        let sent = 0;
        trickle = setInterval(() => {
          if (!socket.destroyed) socket.write(header[sent++ % header.length]!);
        }, 25);
      });
      clearInterval(trickle);
      assert.ok(exchange.closedByProxy, 'disconnected');
      assert.deepEqual(exchange.statuses, [408]);
      assert.deepEqual(exchange.codes, ['proxy_headers_timeout']);

      // A connection that never sends a byte is dropped the same way.
      const idle = await socketExchange(slow.url, () => undefined);
      assert.ok(idle.closedByProxy);
      assert.deepEqual(idle.codes, ['proxy_headers_timeout']);
      untouched('slow headers');
    });

    it('validates headersTimeoutMs', async () => {
      await assert.rejects(start({ headersTimeoutMs: 0 }), /headersTimeoutMs/);
      await assert.rejects(start({ headersTimeoutMs: 1.5 }), /headersTimeoutMs/);
    });
  });

  describe('headers', () => {
    it('forwards only the allow-listed request headers, whatever the client sends', async () => {
      const sent: Record<string, string> = {
        Host: 'host-marker.evil.example',
        'X-Forwarded-For': '10.66.0.1',
        'X-Forwarded-Host': 'xfh-marker.evil.example',
        'X-Forwarded-Proto': 'gopher-marker',
        'X-Real-IP': '10.66.0.2',
        Forwarded: 'for=10.66.0.3;host=fwd-marker.evil.example',
        Cookie: 'session=cookie-marker',
        Authorization: 'Bearer auth-marker',
        'Proxy-Authorization': 'Basic proxy-auth-marker',
        'X-API-Key': 'client-key-marker',
        'X-Api-Key-Extra': 'extra-key-marker',
        'X-Request-Id': 'request-id-marker',
        'X-Correlation-Id': 'correlation-marker',
        'X-Original-URL': '/original-url-marker',
        'X-Rewrite-URL': '/rewrite-url-marker',
        Referer: 'https://referer-marker.evil.example/',
        'User-Agent': 'ua-marker',
        'Accept-Language': 'lang-marker',
        'Cache-Control': 'cc-marker',
        'If-None-Match': '"etag-marker"',
        Range: 'bytes=0-1',
      };
      const response = await rawRequest(proxy.url, '/api/v1/routes/quote', {
        method: 'POST',
        headers: { ...JSON_HEADERS, accept: 'application/json', ...sent },
        body: '{}',
      });
      assert.equal(response.status, 200);
      const seen = upstream.received[0]!;
      const names = seen.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
      for (const name of Object.keys(sent)) {
        // Present, but with the proxy's own value: fetch sets Host, User-Agent and Accept-Language; the key is ours.
        if (['Host', 'User-Agent', 'Accept-Language', 'X-API-Key'].includes(name)) continue;
        assert.ok(!names.includes(name.toLowerCase()), `${name} forwarded`);
      }
      const everything = seen.rawHeaders.join('\n');
      for (const value of Object.values(sent)) assert.ok(!everything.includes(value), `${value} reached upstream`);
      assert.equal(seen.headers['host'], upstreamHost());
      assert.equal(seen.headers['x-api-key'], API_KEY);
      assert.equal(names.filter((name) => name === 'x-api-key').length, 1);
      assert.equal(seen.headers['content-type'], 'application/json');
    });

    it('passes no upstream header outside the allow-list and scrubs the key from those it passes', async () => {
      upstream.respond = (req, res) => {
        const key = String(req.headers['x-api-key']);
        res.writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': [`sid=${key}; HttpOnly`, 'tracking=1'],
          server: 'nginx/1.25.0',
          'x-powered-by': 'Express',
          'access-control-allow-origin': '*',
          'access-control-allow-credentials': 'true',
          'access-control-allow-headers': 'x-api-key',
          'access-control-expose-headers': 'x-api-key',
          location: 'https://evil.example/',
          refresh: '0;url=https://evil.example/',
          'content-security-policy': "default-src 'none'",
          'www-authenticate': `Bearer realm="${key}"`,
          'x-api-key': key,
          'x-request-id': `rid-${key}`,
          'retry-after': '5',
        });
        res.end('{}');
      };
      const response = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin: 'https://shop.example' } });
      assert.equal(response.status, 200);
      const h = response.headers;
      assert.equal(h['access-control-allow-origin'], 'https://shop.example', 'our grant, not the upstream one');
      assert.doesNotMatch(String(h['access-control-expose-headers']), /x-api-key/i);
      for (const name of [
        'set-cookie',
        'server',
        'x-powered-by',
        'access-control-allow-credentials',
        'access-control-allow-headers',
        'location',
        'refresh',
        'www-authenticate',
        'x-api-key',
      ]) {
        assert.equal(h[name], undefined, name);
      }
      assert.equal(h['x-request-id'], 'rid-[redacted]');
      assert.equal(h['retry-after'], '5');
      assert.equal(h['content-security-policy'], "default-src 'none'; sandbox", "the proxy's own policy, not the upstream one");
    });

    it('re-encodes query values: CR/LF and the key can neither break the upstream URL nor come back', async () => {
      const values = { chainId: '1 HTTP/1.1\r\nHost: evil.example', cursor: API_KEY, q: 'usdc\r\nX-Evil: 1\r\n' };
      const query = Object.entries(values)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&');
      const response = await rawRequest(proxy.url, `/api/v1/routes/tokens?${query}&api_key=${API_KEY}`);
      assert.equal(response.status, 200);
      const seen = upstream.received[0]!;
      assert.equal(seen.url, `/api/v1/routes/tokens?${new URLSearchParams(values).toString()}`);
      assert.doesNotMatch(seen.url, /[\r\n ]/);
      assert.equal(seen.headers['x-evil'], undefined);
      assert.equal(seen.headers['host'], upstreamHost());
      // The upstream echoed the URL (key included); the client sees it redacted.
      assert.match(response.text, /\[redacted\]/);
    });
  });

  describe('origins', () => {
    const BAD_ORIGINS = [
      'null',
      'https://shop.example/',
      'https://shop.example:8443',
      'https://shop.example:443',
      'http://shop.example',
      'https://shop.example.evil.com',
      'https://evilshop.example',
      'https://shop.example.',
      'https://SHOP.EXAMPLE',
      'https://shop.example@evil.example',
      'https://shop.example%2eevil.example',
      'https://shop.example https://evil.example',
      'https://shop.example, https://evil.example',
      'file://',
      'https://evil.example',
    ];

    it('refuses every near-miss origin on GET, POST and preflight: only the refusal is readable, never anything else', async () => {
      for (const origin of BAD_ORIGINS) {
        const get = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin } });
        assertProxyError(get, 403, 'proxy_origin_not_allowed');
        // Echoed when it has the shape of an origin, so that page can read the refusal; nothing is exposed.
        assert.ok([undefined, origin].includes(get.headers['access-control-allow-origin'] as string | undefined), origin);
        assert.equal(get.headers['access-control-expose-headers'], undefined, origin);
        assert.match(String(get.headers['vary']), /Origin/);

        const post = await rawRequest(proxy.url, '/api/v1/routes/quote', {
          method: 'POST',
          headers: { ...JSON_HEADERS, origin },
          body: '{}',
        });
        assertProxyError(post, 403, 'proxy_origin_not_allowed');

        const preflight = await rawRequest(proxy.url, '/api/v1/routes/quote', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
        if (preflight.status === 204) {
          assert.equal(preflight.headers['access-control-allow-origin'], origin);
          assert.equal(preflight.headers['access-control-allow-methods'], 'POST');
        } else {
          assert.equal(preflight.status, 403, origin);
          assert.deepEqual(
            Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-')),
            [],
            origin,
          );
        }
      }
      untouched('disallowed origins');
      // Sanity: the listed origin itself is served.
      const allowed = await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { origin: 'https://shop.example' } });
      assert.equal(allowed.status, 200);
    });

    it("refuses 'null' and other origins under the default same-origin policy too", async () => {
      const strict = await start({ clientRateLimit: false });
      for (const origin of ['null', 'https://shop.example', `http://127.0.0.1:${strict.port}.evil.example`]) {
        const response = await rawRequest(strict.url, '/api/v1/routes/chains', { headers: { origin } });
        assertProxyError(response, 403, 'proxy_origin_not_allowed');
      }
      untouched('default policy');
    });

    it('refuses cross-site and same-site requests without Origin (no-cors <img>, <script>, links)', async () => {
      for (const site of ['cross-site', 'same-site']) {
        const response = await rawRequest(proxy.url, '/api/v1/routes/chains', {
          headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
        });
        assertProxyError(response, 403, 'proxy_origin_not_allowed');
        assert.equal(response.headers['access-control-allow-origin'], undefined);
      }
      untouched('no-cors cross-site');
      // Even when any origin may use the proxy through CORS.
      const open = createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, ...FORWARDING_ONLY, allowedOrigins: ['*'], onLog: logSink });
      const openResponse = await callEdge(open, new Request('http://proxy.example/api/v1/routes/chains', { headers: { 'sec-fetch-site': 'cross-site' } }));
      assert.equal(openResponse.status, 403);
      untouched('no-cors cross-site, any origin');

      // A typed-in address (none) and same-origin requests without Origin are served.
      for (const site of ['none', 'same-origin']) {
        assert.equal((await rawRequest(proxy.url, '/api/v1/routes/chains', { headers: { 'sec-fetch-site': site } })).status, 200);
      }
      assert.equal(upstream.received.length, 2);
    });
  });

  describe('host names (DNS rebinding)', () => {
    it('with allowedHosts, a request under another name is refused with 421 before the origin check, though it is same-origin with itself', async () => {
      const local = await start({ allowedHosts: ['localhost', '127.0.0.1'], clientRateLimit: false });
      // What a DNS-rebinding page (attacker.example pointed at 127.0.0.1) sends: its own name as Host, and as Origin on a POST.
      const rebound = `attacker.example:${local.port}`;
      const get = await rawRequest(local.url, '/api/v1/routes/chains', { headers: { host: rebound, 'sec-fetch-site': 'same-origin' } });
      assertProxyError(get, 421, 'proxy_host_not_allowed');
      const post = await rawRequest(local.url, '/api/v1/routes/quote', {
        method: 'POST',
        headers: { ...JSON_HEADERS, host: rebound, origin: `http://${rebound}`, 'sec-fetch-site': 'same-origin' },
        body: '{}',
      });
      assertProxyError(post, 421, 'proxy_host_not_allowed');
      // Readable by the page, which learns nothing but the refusal.
      assert.equal(post.headers['access-control-allow-origin'], `http://${rebound}`);
      untouched('a rebound host name');
      // The listed names are served, on any port when the entry names none.
      assert.equal((await rawRequest(local.url, '/api/v1/routes/chains', { headers: { host: `localhost:${local.port}` } })).status, 200);
      assert.equal((await rawRequest(local.url, '/api/v1/routes/chains')).status, 200, `Host 127.0.0.1:${local.port}`);
    });

    it('without allowedHosts a loopback bind answers only to loopback names; ["*"] opts out', async () => {
      const local = await start({ clientRateLimit: false });
      const rebound = `attacker.example:${local.port}`;
      const get = await rawRequest(local.url, '/api/v1/routes/chains', { headers: { host: rebound, 'sec-fetch-site': 'same-origin' } });
      assertProxyError(get, 421, 'proxy_host_not_allowed');
      untouched('a rebound host name under the loopback default');
      for (const name of ['localhost', '127.0.0.1', '[::1]', 'LOCALHOST']) {
        const served = await rawRequest(local.url, '/api/v1/routes/chains', { headers: { host: `${name}:${local.port}` } });
        assert.equal(served.status, 200, name);
      }
      const open = await start({ clientRateLimit: false, allowedHosts: ['*'] });
      const served = await rawRequest(open.url, '/api/v1/routes/chains', {
        headers: { host: `attacker.example:${open.port}`, 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(served.status, 200);
    });

    it('the default names follow the bind address; a non-loopback bind without allowedHosts gets a start-up warning', () => {
      assert.deepEqual(defaultAllowedHosts('127.0.0.1', undefined).allowedHosts, ['localhost', '127.0.0.1', '[::1]']);
      assert.deepEqual(defaultAllowedHosts('127.0.0.5', undefined).allowedHosts, ['localhost', '127.0.0.1', '[::1]', '127.0.0.5']);
      assert.deepEqual(defaultAllowedHosts('::1', undefined).allowedHosts, ['localhost', '127.0.0.1', '[::1]']);
      assert.deepEqual(defaultAllowedHosts('127.0.0.1', ['bridge.shop.example']), {}, 'an explicit list is used as given');
      for (const bind of ['0.0.0.0', '::', '192.0.2.10']) {
        const { allowedHosts, warning } = defaultAllowedHosts(bind, undefined);
        assert.equal(allowedHosts, undefined);
        assert.match(warning ?? '', new RegExp(`^warning: bound to ${bind.replace(/\./g, '\\.')} with no ALLOWED_HOSTS.*DNS-rebinding`));
      }
      assert.deepEqual(defaultAllowedHosts('0.0.0.0', ['*']), {}, '* silences the warning');
    });

    it('an entry with a port matches that port only; entries that are not host names fail at start-up; ALLOWED_HOSTS sets it', async () => {
      const handler = createProxyHandler({
        upstreamUrl: upstream.url,
        apiKey: API_KEY,
        ...FORWARDING_ONLY,
        allowedHosts: ['Bridge.Shop.Example:8443'],
        onLog: logSink,
      });
      assert.equal((await callEdge(handler, new Request('https://bridge.shop.example:8443/api/v1/routes/chains'))).status, 200);
      const otherPort = await callEdge(handler, new Request('https://bridge.shop.example/api/v1/routes/chains'));
      assert.equal(otherPort.status, 421);
      assert.equal((otherPort.json() as { code: string }).code, 'proxy_host_not_allowed');
      for (const bad of [[], ['https://bridge.shop.example'], ['bridge.shop.example/api'], ['*', 'localhost'], ['']]) {
        assert.throws(() => createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, allowedHosts: bad }), /allowedHosts/, JSON.stringify(bad));
      }
      const env = { ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY };
      assert.deepEqual(proxyServerOptionsFromEnv({ ...env, ALLOWED_HOSTS: 'localhost:8787, 127.0.0.1:8787' }).allowedHosts, [
        'localhost:8787',
        '127.0.0.1:8787',
      ]);
      assert.equal(proxyServerOptionsFromEnv(env).allowedHosts, undefined);
    });
  });

  describe('floods', () => {
    it('lets exactly N requests of a flood through per client; the rest get 429 + Retry-After without upstream', async () => {
      const N = 5;
      const limited = await start({ clientRateLimit: { limit: N, windowMs: 600_000 }, allowedOrigins: ['https://shop.example'] });
      const flood = await Promise.all(
        Array.from({ length: N + 5 }, () =>
          // X-Forwarded-For is not trusted here: it cannot buy a fresh window.
          rawRequest(limited.url, '/api/v1/routes/chains', {
            headers: { origin: 'https://shop.example', 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200)}` },
          }),
        ),
      );
      const statuses = flood.map((r) => r.status).sort();
      assert.deepEqual(statuses, [...Array<number>(N).fill(200), ...Array<number>(5).fill(429)]);
      assert.equal(upstream.received.length, N, 'exactly N reached upstream');
      for (const response of flood.filter((r) => r.status === 429)) {
        assertProxyError(response, 429, 'proxy_rate_limited');
        const retryAfter = Number(response.headers['retry-after']);
        assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 600, `Retry-After ${retryAfter}`);
        assert.equal(response.headers['access-control-allow-origin'], 'https://shop.example');
        assert.match(String(response.headers['access-control-expose-headers']), /retry-after/);
      }

      // Everything counts, refused requests included: the flooding client is cut before any other check.
      assertProxyError(await rawRequest(limited.url, '/nope'), 429, 'proxy_rate_limited');
      assertProxyError(await rawRequest(limited.url, '/api/v1/routes/chains', { headers: { origin: 'https://evil.example' } }), 429, 'proxy_rate_limited');

      // A second client (another source address) is unaffected.
      const other = await rawRequest(limited.url, '/api/v1/routes/chains', { localAddress: '127.0.0.2' });
      assert.equal(other.status, 200);
      assert.equal(upstream.received.length, N + 1);
    });

    it('keys on trustProxyHeader only when the host opts in (last entry), else on the socket', async () => {
      const behind = await start({ clientRateLimit: { limit: 2, windowMs: 600_000 }, trustProxyHeader: 'x-forwarded-for' });
      const from = async (xff?: string) => (await rawRequest(behind.url, '/api/v1/routes/chains', { headers: xff ? { 'x-forwarded-for': xff } : {} })).status;
      assert.deepEqual([await from('203.0.113.5'), await from('10.0.0.1, 203.0.113.5'), await from('10.0.0.2, 203.0.113.5')], [200, 200, 429]);
      assert.equal(await from('203.0.113.6'), 200);
      // Without the header, the socket address is the key.
      assert.deepEqual([await from(), await from(), await from()], [200, 200, 429]);
      assert.equal(upstream.received.length, 5);
    });

    it('turns off with clientRateLimit: false', async () => {
      const open = await start({ clientRateLimit: false });
      for (let i = 0; i < 8; i++) assert.equal((await rawRequest(open.url, '/api/v1/routes/chains')).status, 200);
    });

    it('defaults to 120 requests per 10 s and validates its options', () => {
      const base = { upstreamUrl: upstream.url, apiKey: API_KEY, ...FORWARDING_ONLY };
      assert.deepEqual(resolveProxyOptions(base).clientRateLimit, { limit: 120, windowMs: 10_000 });
      assert.equal(resolveProxyOptions({ ...base, clientRateLimit: false }).clientRateLimit, false);
      assert.equal(resolveProxyOptions({ ...base, trustProxyHeader: 'X-Forwarded-For' }).trustProxyHeader, 'x-forwarded-for');
      for (const clientRateLimit of [
        { limit: 0, windowMs: 1000 },
        { limit: 1.5, windowMs: 1000 },
        { limit: 5, windowMs: -1 },
      ]) {
        assert.throws(() => createProxyHandler({ ...base, clientRateLimit }), /clientRateLimit/);
      }
      assert.throws(() => createProxyHandler({ ...base, trustProxyHeader: 'x forwarded' }), /trustProxyHeader/);
      assert.throws(() => createProxyHandler({ ...base, trustProxyHeader: 'x-real-ip', clientKey: () => 'a' }), /clientKey or trustProxyHeader/);
    });

    it('reads CLIENT_RATE_LIMIT and TRUST_PROXY_HEADER from the environment', () => {
      assert.deepEqual(parseClientRateLimit('120/10s'), { limit: 120, windowMs: 10_000 });
      assert.deepEqual(parseClientRateLimit('600/1m'), { limit: 600, windowMs: 60_000 });
      assert.deepEqual(parseClientRateLimit('5/s'), { limit: 5, windowMs: 1_000 });
      assert.deepEqual(parseClientRateLimit(' 30 / 250ms '), { limit: 30, windowMs: 250 });
      assert.deepEqual(parseClientRateLimit('1000/1h'), { limit: 1000, windowMs: 3_600_000 });
      assert.equal(parseClientRateLimit('off'), false);
      assert.equal(parseClientRateLimit('OFF'), false);
      for (const bad of ['', '120', '120/', '0/10s', '120/0s', '120/10x', '-1/10s', '1e3/10s', '120/10', 'on']) {
        assert.throws(() => parseClientRateLimit(bad), /CLIENT_RATE_LIMIT must look like 120\/10s or off/, bad);
      }
      const env = { ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY };
      const configured = proxyServerOptionsFromEnv({ ...env, CLIENT_RATE_LIMIT: 'off', TRUST_PROXY_HEADER: 'x-forwarded-for' });
      assert.equal(configured.clientRateLimit, false);
      assert.equal(configured.trustProxyHeader, 'x-forwarded-for');
      const plain = proxyServerOptionsFromEnv(env);
      assert.equal(plain.clientRateLimit, undefined, 'the default applies');
      assert.equal(plain.trustProxyHeader, undefined);
      assert.throws(() => proxyServerOptionsFromEnv({ ...env, CLIENT_RATE_LIMIT: 'lots' }), /CLIENT_RATE_LIMIT/);
    });
  });
});

describe('createProxyHandler on web Requests (edge runtimes)', () => {
  let upstream: Upstream;
  const edge = (options: Partial<Parameters<typeof createProxyHandler>[0]> = {}) =>
    createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, ...FORWARDING_ONLY, onLog: logSink, ...options });
  before(async () => {
    upstream = await startUpstream(defaultResponder);
  });
  sharedUpstream(() => upstream);

  it('forwards through the real network with the key injected', async () => {
    const response = await callEdge(
      edge(),
      new Request('https://shop.example/api/v1/routes/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'client', origin: 'https://shop.example' },
        body: '{"fromChain":"1"}',
      }),
    );
    assert.equal(response.status, 200);
    assert.equal(upstream.received[0]!.headers['x-api-key'], API_KEY);
    assert.equal(upstream.received[0]!.body, '{"fromChain":"1"}');
  });

  it('refuses traversal attempts that survive URL normalisation', async () => {
    const handler = edge();
    for (const path of [
      '/api/v1/route-intent/..%2F..%2Fsdk%2Fvalidate/status',
      '/api/v1/route-intent/%2e%2e/status',
      '/api/v1/route-intent/.%2e/status',
      '/api/v1/route-intent/%2e./status',
      '/api/v1/route-intent/%2e%2e%2fsdk/status',
      '/api/v1/route-intent/abc%252F/status',
      '/api/v1/route-intent/abc%5Cx/status',
      '/api/v1/route-intent/a\\..\\..\\sdk\\validate/status',
      '/api/v1/route-intent/abc;x/status',
      '/api/v1/route-intent/%E2%80%A4%E2%80%A4/status',
      '/api/v1/route-intent/abc%00/status',
      '/api/v1/route-intent/abc%3Fx=1/status',
      '/api/v1/data/balances/0x1%3F',
      '//evil.example/api/v1/routes/chains',
      `/api/v1/route-intent/${'a'.repeat(129)}/status`,
    ]) {
      const response = await callEdge(handler, new Request(`http://proxy.example${path}`));
      assert.ok([400, 404].includes(response.status), `${path} -> ${response.status}`);
      assert.match((response.json() as { code: string }).code, /^proxy_/);
    }
    assert.equal(upstream.received.length, 0);
  });

  it('refuses an oversized body', async () => {
    const response = await callEdge(
      edge({ maxBodyBytes: 16 }),
      new Request('http://proxy.example/api/v1/routes/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(32) }),
      }),
    );
    assert.equal(response.status, 413);
    assert.deepEqual(response.json(), { error: 'Request body exceeds 16 bytes', code: 'proxy_body_too_large' });
    assert.equal(upstream.received.length, 0);
  });

  it('refuses a streamed body that outgrows the cap without a Content-Length', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(pulled === 1 ? '{"pad":"' : 'x'.repeat(1024)));
      },
    });
    const response = await callEdge(
      edge({ maxBodyBytes: 4096 }),
      new Request('http://proxy.example/api/v1/routes/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    assert.equal(response.status, 413);
    assert.ok(pulled < 10, `stopped reading after ${pulled} chunks`);
    assert.equal(upstream.received.length, 0);
  });

  it('limits a flooding client by clientKey, leaves other keys alone, counts IPv6 per /64', async () => {
    const handler = edge({
      clientRateLimit: { limit: 3, windowMs: 600_000 },
      clientKey: (request) => request.headers.get('cf-connecting-ip'),
      allowedOrigins: ['https://shop.example'],
    });
    const from = (ip: string | undefined) =>
      callEdge(
        handler,
        new Request('http://proxy.example/api/v1/routes/chains', {
          headers: { origin: 'https://shop.example', ...(ip ? { 'cf-connecting-ip': ip } : {}) },
        }),
      );

    const flood = await Promise.all(Array.from({ length: 8 }, () => from('203.0.113.9')));
    assert.deepEqual(flood.map((r) => r.status).sort(), [200, 200, 200, 429, 429, 429, 429, 429]);
    for (const limited of flood.filter((r) => r.status === 429)) {
      assert.deepEqual(limited.json(), {
        error: 'Too many requests from this client; retry later',
        code: 'proxy_rate_limited',
      });
      const retryAfter = Number(limited.headers.get('retry-after'));
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 600, `Retry-After ${retryAfter}`);
      // The widget on the allowed page must be able to read the 429 and its Retry-After.
      assert.equal(limited.headers.get('access-control-allow-origin'), 'https://shop.example');
      assert.match(String(limited.headers.get('access-control-expose-headers')), /retry-after/);
    }
    assert.equal(upstream.received.length, 3, 'only the allowed requests reached upstream');

    assert.equal((await from('198.51.100.4')).status, 200, 'another client is unaffected');

    // One /64 is one client; the next /64 is another.
    const v6 = [];
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::ff', '2001:db8:1:2:aaaa::1', '2001:DB8:1:2::7']) v6.push(await from(ip));
    assert.deepEqual(
      v6.map((r) => r.status),
      [200, 200, 200, 429],
    );
    assert.equal((await from('2001:db8:1:3::1')).status, 200);
    // IPv4-mapped IPv6 is the IPv4 client.
    assert.equal((await from('::ffff:203.0.113.9')).status, 429);

    // No key for a request: not limited.
    for (let i = 0; i < 5; i++) assert.equal((await from(undefined)).status, 200);
  });

  it('has no per-client limit without clientKey or trustProxyHeader', async () => {
    const handler = edge({ clientRateLimit: { limit: 2, windowMs: 600_000 } });
    for (let i = 0; i < 6; i++) {
      const response = await callEdge(handler, new Request('http://proxy.example/api/v1/routes/chains'));
      assert.equal(response.status, 200);
    }
    assert.equal(upstream.received.length, 6);
  });

  it('keys on a trusted header when configured, using its last entry', async () => {
    const handler = edge({ clientRateLimit: { limit: 2, windowMs: 600_000 }, trustProxyHeader: 'X-Forwarded-For' });
    const from = async (xff: string) =>
      (await callEdge(handler, new Request('http://proxy.example/api/v1/routes/chains', { headers: { 'x-forwarded-for': xff } }))).status;
    assert.equal(await from('203.0.113.1'), 200);
    // A client-supplied first entry does not make a new client: the last one is what the front proxy saw.
    assert.equal(await from('10.9.9.9, 203.0.113.1'), 200);
    assert.equal(await from('10.1.1.1, 203.0.113.1'), 429);
    assert.equal(await from('203.0.113.2'), 200);
    assert.equal(upstream.received.length, 3);

    const forwarded = edge({ clientRateLimit: { limit: 1, windowMs: 600_000 }, trustProxyHeader: 'forwarded' });
    const viaForwarded = async (value: string) =>
      (await callEdge(forwarded, new Request('http://proxy.example/api/v1/routes/chains', { headers: { forwarded: value } }))).status;
    assert.equal(await viaForwarded('for=192.0.2.60;proto=https'), 200);
    assert.equal(await viaForwarded('for=10.0.0.1, for=192.0.2.60;proto=http'), 429);
    assert.equal(await viaForwarded('for="[2001:db8::1]"'), 200);
  });
});

describe('edge entry point', () => {
  it('handler.ts reaches no Node-only module', async () => {
    const { readFile } = await import('node:fs/promises');
    const seen = new Set<string>();
    const visit = async (url: URL): Promise<void> => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const source = await readFile(url, 'utf8');
      assert.doesNotMatch(source, /from ['"]node:|require\(|reference types="node"/, url.pathname);
      for (const [, spec] of source.matchAll(/from '(\.[^']+)'/g)) {
        await visit(new URL(spec!.replace(/\.js$/, '.ts'), url));
      }
    };
    await visit(new URL('../../src/proxy/handler.ts', import.meta.url));
    assert.ok(seen.size >= 5, `walked ${seen.size} modules`);
  });
});

describe('bridge-widget-proxy command', () => {
  let upstream: Upstream;
  const bin = fileURLToPath(new URL('../../bin/bridge-widget-proxy.js', import.meta.url));
  const cwd = fileURLToPath(new URL('../../', import.meta.url));

  before(async () => {
    upstream = await startUpstream(defaultResponder);
  });
  after(async () => {
    await upstream.close();
  });

  const baseEnv = () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of [
      'ROUTING_API_URL',
      'ROUTING_API_KEY',
      'ALLOWED_ORIGINS',
      'HOST',
      'PORT',
      'MOUNT_PATH',
      'CLIENT_RATE_LIMIT',
      'TRUST_PROXY_HEADER',
      'NODE_OPTIONS',
    ]) {
      delete env[name];
    }
    return env;
  };

  it('starts with PORT=0, prints its URL, proxies, applies CLIENT_RATE_LIMIT, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin], {
      cwd,
      env: {
        ...baseEnv(),
        ROUTING_API_URL: upstream.url,
        ROUTING_API_KEY: API_KEY,
        PORT: '0',
        MOUNT_PATH: '/bridge',
        CLIENT_RATE_LIMIT: '2/1h',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${stderr}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('\n')) {
            clearTimeout(timer);
            resolve(stdout.split('\n')[0]!);
          }
        });
        child.once('exit', () => reject(new Error(`exited early; stderr: ${stderr}`)));
      });
      const match = /^bridge-widget-proxy listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(firstLine);
      assert.ok(match, `unexpected line: ${firstLine}`);
      assert.notEqual(match[2], '0');

      // Status polls: never cached, so each allowed one reaches upstream.
      const response = await rawRequest(match[1]!, '/bridge/api/v1/route-intent/abc/status');
      assert.equal(response.status, 200);
      assert.equal(upstream.received.at(-1)?.headers['x-api-key'], API_KEY);
      const before = upstream.received.length;
      assert.equal((await rawRequest(match[1]!, '/bridge/api/v1/route-intent/abc/status')).status, 200);
      assertProxyError(await rawRequest(match[1]!, '/bridge/api/v1/route-intent/abc/status'), 429, 'proxy_rate_limited');
      assert.equal(upstream.received.length, before + 1);

      child.kill('SIGTERM');
      const { code } = await exited;
      assert.equal(code, 0);
      assert.equal(stdout.trim().split('\n').length, 1, 'exactly one stdout line');
      assert.ok(!stderr.includes(API_KEY) && !stdout.includes(API_KEY));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 1 with a clear message when configuration is missing', async () => {
    const child = spawn(process.execPath, [bin], {
      cwd,
      env: { ...baseEnv(), ROUTING_API_KEY: API_KEY, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    assert.equal(code, 1);
    assert.match(stderr, /ROUTING_API_URL is required/);
    assert.equal(stdout, '');
  });
});
