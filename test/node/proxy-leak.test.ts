/**
 * A misbehaving upstream on 127.0.0.1 echoes the API key in every encoding a
 * browser could turn back into it, in bodies and in headers, and puts it
 * where it reaches the proxy's log. Whatever the proxy sends on (status line,
 * headers, body) and logs must be key-free in every form, while the rest of
 * each document survives.
 *
 * The key is chosen so every encoding differs: encodeURIComponent changes
 * most of its characters, its JSON form needs an escape, and its base64 has
 * `+` and `/` at every byte alignment (so base64url differs too).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { startUpstream, type Responder, type Upstream } from './helpers/proxy-upstream.js';

const KEY = 'rk/live+7f3a"9c2e~~~51&d8>?4b6f';

/**
 * Finds the key in `text` in any form this file sends, by decoding rather
 * than by re-encoding the key: case-insensitively raw, JSON-escaped or
 * percent-decoded; every base64/base64url/hex run decoded at every alignment.
 */
function keyFormIn(text: string): string | undefined {
  const lower = text.toLowerCase();
  const key = KEY.toLowerCase();
  if (lower.includes(key)) return 'raw';
  if (lower.includes(JSON.stringify(key).slice(1, -1))) return 'json-escaped';
  try {
    if (decodeURIComponent(text).toLowerCase().includes(key)) return 'url-encoded';
  } catch {
    for (const run of text.match(/(?:%[0-9a-f]{2}|[^%])+/gi) ?? []) {
      try {
        if (decodeURIComponent(run).toLowerCase().includes(key)) return 'url-encoded';
      } catch {
        // not decodable: not a form of the key either
      }
    }
  }
  for (const run of text.match(/[0-9a-f]{16,}/gi) ?? []) {
    for (const shift of [0, 1]) {
      if (Buffer.from(run.slice(shift), 'hex').toString('latin1').includes(KEY)) return 'hex';
    }
  }
  for (const run of text.match(/[A-Za-z0-9+/_-]{12,}/g) ?? []) {
    const standard = run.replace(/-/g, '+').replace(/_/g, '/');
    for (const shift of [0, 1, 2, 3]) {
      if (Buffer.from(standard.slice(shift), 'base64').toString('latin1').includes(KEY)) return 'base64';
    }
  }
  return undefined;
}

function assertKeyFree(where: string, text: string): void {
  const form = keyFormIn(text);
  assert.equal(form, undefined, `API key (${form}) leaked in ${where}: ${text.slice(0, 400)}`);
}

interface Received {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/** `path` goes on the wire byte for byte (no URL normalisation). Everything received is checked for the key. */
function request(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Received> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        assertKeyFree(`${method} ${path} status line`, `${res.statusCode} ${res.statusMessage}`);
        assertKeyFree(`${method} ${path} headers`, res.rawHeaders.join('\n'));
        assertKeyFree(`${method} ${path} body`, text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The upstream answers 200 with `body` (a JSON text built around the echoed key). */
const echoBody =
  (build: (key: string) => string): Responder =>
  (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(build(String(req.headers['x-api-key'])));
  };

const unicodeEscaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('no leak of the API key in any encoding', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;
  const logs: string[] = [];

  before(async () => {
    assert.notEqual(encodeURIComponent(KEY), KEY, 'the URL-encoded form differs from the key');
    for (const offset of [0, 1, 2]) {
      const encoded = Buffer.from(`${'x'.repeat(offset)}${KEY}`).toString('base64');
      assert.match(encoded, /[+/]/, 'base64url differs from base64 at every alignment');
    }
    upstream = await startUpstream();
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: KEY, port: 0, clientRateLimit: false, onLog: (line) => logs.push(line) });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
    assert.ok(logs.length > 0);
    for (const line of logs) assertKeyFree('a log line', line);
  });
  beforeEach(() => {
    upstream.calls.length = 0;
  });

  /** Each case: what the upstream sends (around the key) and what the page must receive. */
  const bodyCases: ReadonlyArray<{ name: string; body: (key: string) => string; expected: unknown }> = [
    {
      name: 'raw, inside an error message',
      body: (k) => JSON.stringify({ error: `bad key ${k}`, keep: 1 }),
      expected: { error: 'bad key [redacted]', keep: 1 },
    },
    { name: 'upper-case', body: (k) => JSON.stringify({ error: `KEY ${k.toUpperCase()}`, keep: 1 }), expected: { error: 'KEY [redacted]', keep: 1 } },
    {
      name: 'URL-encoded inside a link (cut out, the link kept)',
      body: (k) => JSON.stringify({ next: `https://up.example/p?key=${encodeURIComponent(k)}&page=2`, keep: 1 }),
      expected: { next: 'https://up.example/p?key=[redacted]&page=2', keep: 1 },
    },
    {
      name: 'half URL-encoded (encodeURI leaves /+&= as they are)',
      body: (k) => JSON.stringify({ next: `https://up.example/p/${encodeURI(k)}`, keep: 1 }),
      expected: { next: '[redacted]', keep: 1 },
    },
    {
      name: 'in \\u escapes, which JSON.parse turns back into the key',
      body: (k) => `{"debug":"sent ${unicodeEscaped(k)}","keep":1}`,
      expected: { debug: 'sent [redacted]', keep: 1 },
    },
    { name: 'as a member name', body: (k) => `{${JSON.stringify(k)}:"v","keep":1}`, expected: { '[redacted]': 'v', keep: 1 } },
    ...[0, 1, 2].map((offset) => ({
      name: `base64 at byte offset ${offset} (an Authorization echo)`,
      body: (k: string) => JSON.stringify({ auth: `Basic ${Buffer.from(`${'u:'.slice(0, offset)}${k}`).toString('base64')}`, keep: 1 }),
      expected: { auth: '[redacted]', keep: 1 },
    })),
    ...[0, 1, 2].map((offset) => ({
      name: `base64url at byte offset ${offset}`,
      body: (k: string) => JSON.stringify({ token: base64url(`${'ab'.slice(0, offset)}${k}`), keep: 1 }),
      expected: { token: '[redacted]', keep: 1 },
    })),
    { name: 'hex', body: (k) => JSON.stringify({ sig: Buffer.from(k).toString('hex'), keep: 1 }), expected: { sig: '[redacted]', keep: 1 } },
    {
      name: 'upper-case hex',
      body: (k) => JSON.stringify({ sig: Buffer.from(k).toString('hex').toUpperCase(), keep: 1 }),
      expected: { sig: '[redacted]', keep: 1 },
    },
  ];

  for (const { name, body, expected } of bodyCases) {
    it(`body: the key ${name}`, async () => {
      upstream.respond = echoBody(body);
      const response = await request(proxy.url, '/api/v1/data/balances/0xAbC');
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(JSON.parse(response.text), expected);
      assert.deepEqual(upstream.calls, ['GET /api/v1/data/balances/0xAbC']);
    });
  }

  it('headers: x-request-id, link, deprecation and a content-type parameter carrying the key are scrubbed', async () => {
    upstream.respond = (req, res) => {
      const key = String(req.headers['x-api-key']);
      res.writeHead(200, {
        'content-type': `application/json; charset=utf-8; echo=${Buffer.from(key).toString('hex')}`,
        'x-request-id': `req-${key}`,
        link: `<https://up.example/next?api_key=${encodeURIComponent(key)}>; rel="next"`,
        deprecation: `@${Buffer.from(`k=${key}`).toString('base64')}`,
        'x-provider-request-id': key.toUpperCase(),
      });
      res.end('{"ok":true}');
    };
    const response = await request(proxy.url, '/api/v1/routes/chains');
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(response.text), { ok: true });
    assert.equal(response.headers['x-request-id'], 'req-[redacted]');
    assert.equal(response.headers['link'], '<https://up.example/next?api_key=[redacted]>; rel="next"');
    assert.equal(response.headers['deprecation'], '[redacted]');
    assert.equal(response.headers['x-provider-request-id'], '[redacted]');
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('logs: a request whose path is the key is logged without it, in any form', async () => {
    logs.length = 0;
    const raw = await request(proxy.url, `/api/v1/${KEY}`);
    assert.ok(raw.status === 400 || raw.status === 404, `${raw.status}`);
    const encoded = await request(proxy.url, `/api/v1/routes/${encodeURIComponent(KEY)}`);
    assert.equal(encoded.status, 404);
    assert.equal(logs.length, 2, logs.join('\n'));
    for (const line of logs) {
      assertKeyFree('a log line', line);
      assert.match(line, /\[redacted\]/, `the line still names the request: ${line}`);
    }
    assert.deepEqual(upstream.calls, []);
  });
});

describe('only JSON is passed on, with headers that keep a navigating browser safe', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  let proxy: RunningProxyServer;

  before(async () => {
    upstream = await startUpstream();
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: KEY, port: 0, clientRateLimit: false, allowedOrigins: ['https://shop.example'] });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  const assertSafeHeaders = (response: Received, what: string) => {
    assert.equal(response.headers['content-security-policy'], "default-src 'none'; sandbox", what);
    assert.equal(response.headers['x-content-type-options'], 'nosniff', what);
  };

  for (const [type, body] of [
    ['text/html', '<html><script>alert(1)</script></html>'],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['text/plain', '{"looks":"like json"}'],
    ['application/json', '<html>not json</html>'],
    ['application/json', '{"truncated":'],
  ] as const) {
    it(`refuses an upstream ${type} body ${JSON.stringify(body.slice(0, 20))} with 502`, async () => {
      upstream.respond = (_req, res) => {
        res.writeHead(200, { 'content-type': type });
        res.end(body);
      };
      const response = await request(proxy.url, '/api/v1/routes/chains');
      assert.equal(response.status, 502);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.equal((JSON.parse(response.text) as { code: string }).code, 'proxy_upstream_not_json');
      assert.ok(!response.text.includes('<'), response.text);
      assertSafeHeaders(response, 'the refusal');
    });
  }

  it('passes application/problem+json, and every kind of response carries CSP sandbox and nosniff', async () => {
    upstream.respond = (_req, res) => {
      res.writeHead(400, { 'content-type': 'application/problem+json' });
      res.end('{"error":"bad"}');
    };
    const problem = await request(proxy.url, '/api/v1/routes/chains');
    assert.equal(problem.status, 400);
    assert.deepEqual(JSON.parse(problem.text), { error: 'bad' });
    assertSafeHeaders(problem, 'a forwarded response');
    assertSafeHeaders(await request(proxy.url, '/nope'), 'a proxy error');
    const preflight = await request(proxy.url, '/api/v1/routes/quote', { origin: 'https://shop.example', 'access-control-request-method': 'POST' }, 'OPTIONS');
    assert.equal(preflight.status, 204);
    assertSafeHeaders(preflight, 'a preflight');
  });
});
