/**
 * Edge runtime, proven: the `Request → Response` handler runs inside
 * Cloudflare's own runtime, workerd (from its npm package), as the Worker
 * docs/proxy.md shows (test/fixtures/snippets/proxy-worker.ts, copied there
 * by `npm run docs`, bundled unchanged to one ES module; its
 * `bridge-widget/proxy/handler` is the source's handler with a small flood
 * limit, test/node/fixtures/proxy-worker-handler.ts). workerd listens on
 * 127.0.0.1 and calls a real upstream on 127.0.0.1; it is stopped by its PID.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { freePort } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_workerd_0123456789';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKERD = path.join(ROOT, 'node_modules/.bin/workerd');

async function bundleWorker(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: path.join(ROOT, 'test/fixtures/snippets/proxy-worker.ts'), formats: ['es'], fileName: 'worker' },
    },
    resolve: { alias: { 'bridge-widget/proxy/handler': path.join(ROOT, 'test/node/fixtures/proxy-worker-handler.ts') } },
  });
  const result = Array.isArray(output) ? output[0]! : output;
  assert.ok('output' in result, 'vite returned the bundle');
  const chunk = result.output[0];
  assert.equal(chunk.type, 'chunk');
  assert.doesNotMatch(chunk.code, /^import /m, 'one self-contained module');
  return chunk.code;
}

function capnpConfig(port: number, bindings: Record<string, string>): string {
  const text = Object.entries(bindings)
    .map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join(', ');
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .proxyWorker),
    (name = "loopback", network = (allow = ["local", "private", "public"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const proxyWorker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-06-01",
  bindings = [ ${text} ],
  globalOutbound = "loopback",
);
`;
}

describe('the handler inside workerd', { timeout: 120_000 }, () => {
  let upstream: http.Server;
  const received: Array<{ url: string; key: string | undefined }> = [];
  let workerd: ChildProcess;
  let base = '';
  let dir = '';
  let stderr = '';

  before(async () => {
    upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `echo-${String(req.headers['x-api-key'])}` });
        res.end(JSON.stringify({ url: req.url, echoed: req.headers['x-api-key'] }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamPort = (upstream.address() as AddressInfo).port;

    dir = mkdtempSync(path.join(tmpdir(), 'proxy-workerd-'));
    writeFileSync(path.join(dir, 'worker.js'), await bundleWorker());
    const port = await freePort();
    writeFileSync(
      path.join(dir, 'config.capnp'),
      capnpConfig(port, {
        ROUTING_API_URL: `http://127.0.0.1:${upstreamPort}`,
        ROUTING_API_KEY: API_KEY,
        ALLOWED_ORIGINS: 'https://shop.example',
        ALLOWED_HOSTS: `127.0.0.1:${port},bridge.shop.example`,
      }),
    );
    workerd = spawn(WORKERD, ['serve', path.join(dir, 'config.capnp')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    workerd.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    workerd.stdout!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    base = `http://127.0.0.1:${port}`;
    // Ready once it accepts a connection.
    await until(
      () => {
        if (workerd.exitCode !== null) assert.fail(`workerd did not start: ${stderr}`);
        return new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          socket.once('connect', () => (socket.destroy(), resolve(true)));
          socket.once('error', () => resolve(false));
        });
      },
      () => `workerd to accept a connection: ${stderr}`,
      { timeout: 30_000, interval: 100 },
    );
  });
  after(async () => {
    if (workerd && workerd.exitCode === null) {
      const exited = new Promise((resolve) => workerd.once('exit', resolve));
      workerd.kill('SIGTERM');
      await exited;
    }
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    received.length = 0;
  });

  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'cf-connecting-ip': ip, ...extra });

  it('forwards with the key injected, grants CORS to the allowed origin, and scrubs the echoed key', async () => {
    const response = await fetch(`${base}/api/v1/routes/quote`, {
      method: 'POST',
      headers: from('203.0.113.1', { origin: 'https://shop.example', 'content-type': 'application/json', 'x-api-key': 'client-key' }),
      body: '{"a":1}',
    });
    const text = await response.text();
    assert.equal(response.status, 200, `${text} ${stderr}`);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.deepEqual(received, [{ url: '/api/v1/routes/quote', key: API_KEY }]);
    assert.deepEqual(JSON.parse(text), { url: '/api/v1/routes/quote', echoed: '[redacted]' });
    assert.equal(response.headers.get('x-request-id'), 'echo-[redacted]');
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  });

  it('refuses other origins, other host names and traversal without calling upstream', async () => {
    const origin = await fetch(`${base}/api/v1/routes/chains`, { headers: from('203.0.113.2', { origin: 'https://evil.example' }) });
    assert.equal(origin.status, 403);
    assert.equal(((await origin.json()) as { code: string }).code, 'proxy_origin_not_allowed');
    const host = await new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/api/v1/routes/chains`, { headers: { host: 'attacker.example', 'cf-connecting-ip': '203.0.113.2' }, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    assert.equal(host, 421);
    const traversal = await fetch(`${base}/api/v1/route-intent/..%2F..%2Fsdk%2Fvalidate/status`, { headers: from('203.0.113.2') });
    assert.ok([400, 404].includes(traversal.status), String(traversal.status));
    assert.deepEqual(received, []);
  });

  it('caches the catalog inside the isolate: two visitors, one upstream call', async () => {
    const one = await fetch(`${base}/api/v1/routes/tokens?chainId=84532`, { headers: from('198.51.100.1') });
    const two = await fetch(`${base}/api/v1/routes/tokens?chainId=84532`, { headers: from('198.51.100.2') });
    assert.equal(one.status, 200);
    assert.deepEqual(await two.json(), await one.json());
    assert.match(two.headers.get('cache-control') ?? '', /^public, max-age=\d+/);
    assert.equal(received.length, 1);
  });

  it('limits a flooding client by cf-connecting-ip and leaves others alone', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(`${base}/api/v1/route-intent/f${i}/status`, { headers: from('192.0.2.77') })).status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    assert.equal((await fetch(`${base}/api/v1/route-intent/g/status`, { headers: from('192.0.2.78') })).status, 200);
    assert.equal(received.length, 4);
  });
});
