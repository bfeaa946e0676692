/**
 * Many instances (issue 16 item 3): two proxy instances given the same Redis
 * share one catalog cache, one flood limit and one view of the key's quota.
 * A real `redis-server` (Debian's package; `.ci/run` installs it) runs on a
 * free port on 127.0.0.1 without persistence and is stopped by its PID.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startProxyServer, type NodeProxyServerOptions, type RunningProxyServer } from '../../src/proxy/node.js';

const API_KEY = 'rk_live_redis_0123456789';
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${REDIS_SERVER} did not start (${error.message}); install Debian's redis-server`)));
    child.once('exit', (code) => reject(new Error(`${REDIS_SERVER} exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return { url: `redis://127.0.0.1:${port}`, process: child };
}

interface Upstream {
  readonly url: string;
  readonly calls: string[];
  respond: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

const ok = (req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '900' });
  res.end(JSON.stringify({ url: req.url }));
};

async function startUpstream(): Promise<Upstream> {
  const upstream: Upstream = { url: '', calls: [], respond: ok, close: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      upstream.calls.push(`${req.method} ${req.url}`);
      upstream.respond(req, res);
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

async function call(proxy: RunningProxyServer, path: string, init: RequestInit = {}) {
  const response = await fetch(`${proxy.url}${path}`, init);
  const body = (await response.json()) as { code?: string; url?: string };
  return { status: response.status, body };
}

describe('two proxy instances sharing one Redis', { timeout: 60_000 }, () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let upstream: Upstream;
  const servers: RunningProxyServer[] = [];
  const instance = async (options: Partial<NodeProxyServerOptions> = {}) => {
    const server = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, redisUrl: redis.url, ...options });
    servers.push(server);
    return server;
  };

  before(async () => {
    redis = await startRedis();
    upstream = await startUpstream();
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await upstream.close();
    const exited = new Promise((resolve) => redis.process.once('exit', resolve));
    redis.process.kill('SIGTERM');
    await exited;
  });
  beforeEach(() => {
    upstream.calls.length = 0;
    upstream.respond = ok;
  });

  it('share one catalog cache: what one instance fetched, the other serves', async () => {
    const a = await instance({ clientRateLimit: false });
    const b = await instance({ clientRateLimit: false });
    const fromA = await call(a, '/api/v1/routes/tokens?chainId=11155111');
    const fromB = await call(b, '/api/v1/routes/tokens?chainId=11155111');
    assert.equal(fromA.status, 200);
    assert.deepEqual(fromB, fromA);
    assert.deepEqual(upstream.calls, ['GET /api/v1/routes/tokens?chainId=11155111']);
  });

  it('share one flood limit: a client cannot multiply its allowance by the number of instances', async () => {
    const limit = { limit: 4, windowMs: 600_000 };
    const a = await instance({ clientRateLimit: limit });
    const b = await instance({ clientRateLimit: limit });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(i % 2 === 0 ? a : b, `/api/v1/route-intent/i${i}/status`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429, 429, 429]);
    assert.equal(upstream.calls.length, 4);
  });

  it('share one quota: once the upstream told one instance to wait, the other sends nothing either', async () => {
    const a = await instance({ clientRateLimit: false });
    const b = await instance({ clientRateLimit: false });
    upstream.respond = (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' });
      res.end('{"error":"rate limited"}');
    };
    assert.equal((await call(a, '/api/v1/route-intent/x1/status')).status, 429);
    upstream.respond = ok;
    const receipt = await call(b, '/api/v1/route-intent/x1/receipt', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"txHash":"0x01"}',
    });
    assert.equal(receipt.status, 429);
    assert.equal(receipt.body.code, 'proxy_upstream_rate_limited');
    assert.deepEqual(upstream.calls, ['GET /api/v1/route-intent/x1/status']);
  });
});
