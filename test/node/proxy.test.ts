/**
 * Reference proxy against a real upstream HTTP server on 127.0.0.1 that
 * records every request it receives. Raw paths go through `http.request`
 * because `fetch` would normalise them before they reach the proxy.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createProxyHandler } from '../../src/proxy/handler.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';

const API_KEY = 'rk_live_7f3a9c2e51d84b6f';

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: readonly string[];
  readonly body: string;
}

type Responder = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

interface Upstream {
  readonly url: string;
  readonly received: Recorded[];
  respond: Responder;
  close(): Promise<void>;
}

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

async function startUpstream(): Promise<Upstream> {
  const received: Recorded[] = [];
  const upstream: Upstream = {
    url: '',
    received,
    respond: defaultResponder,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
      });
      void upstream.respond(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(upstream, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
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
}

/** Sends `path` byte for byte as the request-target. */
function rawRequest(baseUrl: string, path: string, options: RawRequest = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  // Node only frames GET/DELETE bodies when told their length.
  const headers =
    options.body === undefined ? options.headers : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function assertProxyError(response: RawResponse, status: number, code: string): void {
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${response.text}`);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json() as { error?: unknown; code?: unknown };
  assert.equal(body.code, code);
  assert.equal(typeof body.error, 'string');
}

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('bridge-widget proxy (Node server against a real upstream)', () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  const logs: string[] = [];

  before(async () => {
    upstream = await startUpstream();
    proxy = await startProxyServer({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      port: 0,
      onLog: (line) => logs.push(line),
    });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.received.length = 0;
    upstream.respond = defaultResponder;
  });

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
    assert.deepEqual([...seen.searchParams], [
      ['chainId', '1'],
      ['limit', '5'],
      ['cursor', 'a+b'],
      ['q', 'us dc'],
      ['includeTotal', 'true'],
    ]);

    upstream.received.length = 0;
    await rawRequest(proxy.url, '/api/v1/sdk/rpc/evm/allowance?chainId=1&tokenAddress=0xa&ownerAddress=0xb&spenderAddress=0xc&chain=9');
    assert.equal(
      upstream.received[0]!.url,
      '/api/v1/sdk/rpc/evm/allowance?chainId=1&tokenAddress=0xa&ownerAddress=0xb&spenderAddress=0xc',
    );

    upstream.received.length = 0;
    await rawRequest(proxy.url, '/api/v1/routes/chains?chainId=1');
    assert.equal(upstream.received[0]!.url, '/api/v1/routes/chains', 'endpoints without query parameters get none');
  });

  it('refuses a spec-named query parameter given twice', async () => {
    const response = await rawRequest(proxy.url, '/api/v1/routes/tokens?chainId=1&chainId=2');
    assertProxyError(response, 400, 'proxy_invalid_query');
    assert.equal(upstream.received.length, 0);
  });

  const endpoints: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
    { method: 'GET', path: '/api/v1/routes/chains' },
    { method: 'GET', path: '/api/v1/routes/tokens' },
    { method: 'GET', path: '/api/v1/sdk/rpc/evm/allowance' },
    { method: 'POST', path: '/api/v1/routes/quote' },
    { method: 'POST', path: '/api/v1/routes/route' },
    { method: 'POST', path: '/api/v1/routes/deposit-address' },
    { method: 'POST', path: '/api/v1/route-intent/intent_01-AbC/receipt' },
    { method: 'GET', path: '/api/v1/route-intent/intent_01-AbC/status' },
    { method: 'GET', path: '/api/v1/sdk/validate' },
    { method: 'GET', path: '/api/v1/data/balances/0xAbC0000000000000000000000000000000000001' },
  ];

  for (const { method, path } of endpoints) {
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
    await rawRequest(proxy.url, '/api/v1/sdk/validate', {
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
    assert.equal(h['cache-control'], undefined);
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
    const response = await rawRequest(proxy.url, '/api/v1/sdk/validate');
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
      const req = http.request(
        { host: hostname, port, path: '/api/v1/routes/route', method: 'POST', headers: JSON_HEADERS, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
          });
        },
      );
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
    assertProxyError(
      await rawRequest(proxy.url, '/api/v1/routes/quote', { method: 'POST', body: '{}' }),
      415,
      'proxy_unsupported_media_type',
    );
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
    assert.equal(crossOrigin.headers['access-control-allow-origin'], undefined);
    const preflight = await rawRequest(proxy.url, '/api/v1/routes/quote', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 403);
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
      port: 0,
      bodyTimeoutMs: 200,
      onLog: (line) => slowLogs.push(line),
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
      for (let i = 0; i < 50 && slowLogs.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
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
    const server = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, ...options });
    servers.push(server);
    return server;
  };

  before(async () => {
    upstream = await startUpstream();
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await upstream.close();
  });
  beforeEach(() => {
    upstream.received.length = 0;
    upstream.respond = defaultResponder;
  });

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
    assert.equal(refusedPreflight.status, 403);
    assert.equal(refusedPreflight.headers['access-control-allow-origin'], undefined);

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
    const started = Date.now();
    const response = await rawRequest(proxy.url, '/api/v1/routes/chains');
    assertProxyError(response, 504, 'proxy_upstream_timeout');
    assert.ok(Date.now() - started < 5_000);
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
    assert.throws(
      () => createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, allowedOrigins: ['https://shop.example/path'] }),
      /allowedOrigins/,
    );
    assert.throws(() => createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, mountPath: 'bridge/../x' }), /mountPath/);
    assert.throws(
      () => createProxyHandler({ upstreamUrl: upstream.url, apiKey: `${API_KEY} x` }),
      (error: Error) => !error.message.includes(API_KEY),
    );
  });
});

describe('createProxyHandler on web Requests (edge runtimes)', () => {
  let upstream: Upstream;
  before(async () => {
    upstream = await startUpstream();
  });
  after(async () => {
    await upstream.close();
  });
  beforeEach(() => {
    upstream.received.length = 0;
  });

  it('forwards through the real network with the key injected', async () => {
    const handler = createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY });
    const response = await handler(
      new Request('https://shop.example/api/v1/routes/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'client', origin: 'https://shop.example' },
        body: '{"fromChain":"1"}',
      }),
    );
    assert.equal(response.status, 200);
    await response.text();
    assert.equal(upstream.received[0]!.headers['x-api-key'], API_KEY);
    assert.equal(upstream.received[0]!.body, '{"fromChain":"1"}');
  });

  it('refuses traversal attempts that survive URL normalisation', async () => {
    const handler = createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY });
    for (const path of [
      '/api/v1/route-intent/..%2F..%2Fsdk%2Fvalidate/status',
      '/api/v1/route-intent/%2e%2e/status',
      '/api/v1/route-intent/%2e%2e%2fsdk/status',
      '/api/v1/route-intent/abc%252F/status',
      '/api/v1/route-intent/a\\..\\..\\sdk\\validate/status',
      '/api/v1/route-intent/abc;x/status',
      '/api/v1/data/balances/0x1%3F',
    ]) {
      const response = await handler(new Request(`http://proxy.example${path}`));
      assert.ok([400, 404].includes(response.status), `${path} -> ${response.status}`);
      await response.text();
    }
    assert.equal(upstream.received.length, 0);
  });

  it('refuses an oversized body', async () => {
    const handler = createProxyHandler({ upstreamUrl: upstream.url, apiKey: API_KEY, maxBodyBytes: 16 });
    const response = await handler(
      new Request('http://proxy.example/api/v1/routes/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(32) }),
      }),
    );
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { error: 'Request body exceeds 16 bytes', code: 'proxy_body_too_large' });
    assert.equal(upstream.received.length, 0);
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
    upstream = await startUpstream();
  });
  after(async () => {
    await upstream.close();
  });

  const baseEnv = () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['ROUTING_API_URL', 'ROUTING_API_KEY', 'ALLOWED_ORIGINS', 'HOST', 'PORT', 'MOUNT_PATH', 'NODE_OPTIONS']) {
      delete env[name];
    }
    return env;
  };

  it('starts with PORT=0, prints its URL, proxies, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin], {
      cwd,
      env: { ...baseEnv(), ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY, PORT: '0', MOUNT_PATH: '/bridge' },
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

      const response = await rawRequest(match[1]!, '/bridge/api/v1/routes/chains');
      assert.equal(response.status, 200);
      assert.equal(upstream.received.at(-1)?.headers['x-api-key'], API_KEY);

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
