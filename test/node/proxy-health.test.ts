/**
 * Start-up check and health endpoint: the command validates
 * the key with the spec's validate endpoint before it says it listens, and
 * the health endpoint answers readiness from a cached validate result. A real
 * upstream on 127.0.0.1 answers validate as the spec describes; the command
 * runs as a child process.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deadUrl, startUpstream, type Upstream, proxyFleet } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_health_0123456789';

interface KeyUpstream extends Upstream {
  /** What validate answers: the key's status, or an HTTP status to refuse with. */
  answer: 'active' | 'inactive' | 401;
}

/** Validate as the spec describes it; `calls` holds the paths. */
async function startKeyUpstream(): Promise<KeyUpstream> {
  const upstream = Object.assign(await startUpstream(), { answer: 'active' as KeyUpstream['answer'] });
  upstream.respond = (req, res) => {
    upstream.calls[upstream.calls.length - 1] = req.url ?? '';
    if (req.headers['x-api-key'] !== API_KEY || upstream.answer === 401) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: 'invalid key' }));
    }
    const active = upstream.answer === 'active';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        valid: active,
        status: upstream.answer,
        message: active ? 'API key is valid.' : `Key ${API_KEY} is inactive.`,
        key_id: 'key_7Q2',
        label: 'Shop production',
        project_id: 'prj_1',
        created_at: '2026-01-01T00:00:00Z',
        last_used_at: '2026-11-01T00:00:00Z',
        quote: { id: 'hb-1', text: 'Measure twice, broadcast once.' },
      }),
    );
  };
  return upstream;
}

interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The listening URL, when the command got that far (it is then stopped with SIGTERM). */
  readonly url?: string;
  /** Health answer fetched while it ran. */
  readonly health?: { status: number; body: unknown };
}

const bin = fileURLToPath(new URL('../../bin/bridge-widget-proxy.js', import.meta.url));
const cwd = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the command until it prints its listening line (then probes health and stops it) or exits. */
async function runCommand(env: Record<string, string>): Promise<CommandRun> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(base))
    if (/^(ROUTING_|ALLOWED_|HOST$|PORT$|MOUNT_PATH|CLIENT_RATE|TRUST_|KEY_CHECK|HEALTH_|NODE_OPTIONS)/.test(name)) delete base[name];
  const child = spawn(process.execPath, [bin], { cwd, env: { ...base, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string | undefined>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)\n/.exec(stdout);
      if (match) resolve(match[1]);
    });
    void exited.then(() => resolve(undefined));
  });
  try {
    const url = await listening;
    if (url === undefined) return { code: await exited, stdout, stderr };
    const response = await fetch(`${url}/healthz`);
    const health = { status: response.status, body: await response.json() };
    child.kill('SIGTERM');
    return { code: await exited, stdout, stderr, url, health };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

describe('start-up key check (the command)', { timeout: 120_000 }, () => {
  let upstream: KeyUpstream;
  before(async () => {
    upstream = await startKeyUpstream();
  });
  after(async () => {
    await upstream.close();
  });
  beforeEach(() => {
    upstream.calls.length = 0;
  });

  it('an active key: prints it is active with key_id and label, then listens; health is ready without another call', async () => {
    upstream.answer = 'active';
    const run = await runCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY });
    const lines = run.stdout.trim().split('\n');
    assert.deepEqual(lines[0], 'bridge-widget-proxy: API key active (key_id "key_7Q2", label "Shop production")');
    assert.match(lines[1] ?? '', /^bridge-widget-proxy listening on http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(run.health, { status: 200, body: { status: 'ready', rpcChains: [] } });
    assert.deepEqual(upstream.calls, ['/api/v1/sdk/validate'], 'the start-up result is the health cache');
    assert.equal(run.code, 0);
    assert.ok(!`${run.stdout}${run.stderr}`.includes(API_KEY));
  });

  it('an inactive key: a clear start-up error naming key_id and label, exit 1, never listening', async () => {
    upstream.answer = 'inactive';
    const run = await runCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY });
    assert.equal(run.code, 1);
    assert.equal(run.url, undefined);
    assert.equal(run.stdout, '');
    assert.match(
      run.stderr,
      /bridge-widget-proxy: API key inactive \(key_id "key_7Q2", label "Shop production"\): Key \[redacted\] is inactive\.; not starting \(KEY_CHECK=warn starts anyway\)/,
    );
    assert.ok(!run.stderr.includes(API_KEY), 'the message that quoted the key is scrubbed');
  });

  it('a refused key (401): exit 1; with KEY_CHECK=warn it starts and health reports not ready', async () => {
    upstream.answer = 401;
    const refused = await runCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /API key refused: the routing service answered HTTP 401 to the validate call; not starting/);

    const anyway = await runCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY, KEY_CHECK: 'warn' });
    assert.ok(anyway.url);
    assert.match(anyway.stderr, /API key refused.*starting anyway, the health endpoint reports not ready/);
    assert.deepEqual(anyway.health, { status: 503, body: { status: 'not_ready', reason: 'refused', rpcChains: [] } });
    assert.equal(anyway.code, 0);
  });

  it('an unreachable upstream: a warning, the proxy starts, health reports not ready', async () => {
    const run = await runCommand({ ROUTING_API_URL: await deadUrl(), ROUTING_API_KEY: API_KEY });
    assert.ok(run.url);
    assert.match(run.stderr, /bridge-widget-proxy: API key not checked: routing service unreachable \(.+\); starting anyway/);
    assert.deepEqual(run.health, { status: 503, body: { status: 'not_ready', reason: 'unreachable', rpcChains: [] } });
    assert.equal(run.stdout.trim().split('\n').length, 1, 'only the listening line on stdout');
  });

  it('KEY_CHECK=off makes no call; a bad KEY_CHECK is a configuration error', async () => {
    upstream.answer = 'active';
    const off = await runCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY, KEY_CHECK: 'off', HEALTH_PATH: 'off' });
    assert.ok(off.url);
    assert.equal(off.health?.status, 404, 'HEALTH_PATH=off: no health endpoint');
    assert.deepEqual(upstream.calls, []);
    const bad = await runCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY, KEY_CHECK: 'maybe' });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /KEY_CHECK must be require, warn or off/);
  });
});

describe('health endpoint', { timeout: 60_000 }, () => {
  let upstream: KeyUpstream;
  const fleet = proxyFleet(() => ({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0 }));
  const start = fleet.start;
  const probe = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, init);
    const text = await response.text();
    assert.ok(!text.includes(API_KEY));
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
  };
  before(async () => {
    upstream = await startKeyUpstream();
  });
  after(async () => {
    await fleet.closeAll();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.calls.length = 0;
  });

  it('calls upstream at most once per cache lifetime, concurrent probes included', async () => {
    upstream.answer = 'active';
    const proxy = await start({ healthCacheMs: 600_000 });
    const burst = await Promise.all(Array.from({ length: 20 }, () => probe(`${proxy.url}/healthz`)));
    for (let i = 0; i < 20; i++) burst.push(await probe(`${proxy.url}/healthz`));
    assert.ok(burst.every((r) => r.status === 200 && r.body.status === 'ready'));
    assert.equal(burst[0]!.headers.get('cache-control'), 'no-store');
    assert.deepEqual(upstream.calls, ['/api/v1/sdk/validate']);
  });

  it('asks again once the lifetime is over and follows the key: ready, then not ready when it turns inactive', async () => {
    upstream.answer = 'active';
    const proxy = await start({ healthCacheMs: 50 });
    assert.equal((await probe(`${proxy.url}/healthz`)).status, 200);
    upstream.answer = 'inactive';
    const last = await until(
      async () => {
        const { status } = await probe(`${proxy.url}/healthz`);
        return status !== 200 && status;
      },
      'the health cache to expire',
      { timeout: 10_000, interval: 10 },
    );
    assert.equal(last, 503);
    assert.deepEqual((await probe(`${proxy.url}/healthz`)).body, { status: 'not_ready', reason: 'inactive', rpcChains: [] });
    assert.ok(upstream.calls.length >= 2);
  });

  it('answers under any Host and below mountPath, to HEAD too; other methods are not health probes', async () => {
    upstream.answer = 'active';
    const proxy = await start({ mountPath: '/bridge', allowedHosts: ['bridge.shop.example', '127.0.0.1'] });
    const viaAddress = await new Promise<number>((resolve, reject) => {
      http
        .get(`${proxy.url}/bridge/healthz`, { headers: { host: '10.0.0.7:8787' }, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    assert.equal(viaAddress, 200, 'a probe by pod address passes the host check');
    assert.equal((await probe(`${proxy.url}/bridge/healthz`, { method: 'HEAD' })).status, 200);
    assert.equal((await probe(`${proxy.url}/healthz`)).status, 404, 'not below the mount path: an ordinary request');
    assert.equal((await probe(`${proxy.url}/bridge/healthz`, { method: 'POST' })).status, 404);
    assert.deepEqual(upstream.calls, ['/api/v1/sdk/validate']);
  });

  it('validate is not for browsers: 404 without an upstream call, while the proxy itself still validates behind /healthz', async () => {
    upstream.answer = 'active';
    const proxy = await start({ allowedOrigins: ['https://shop.example'] });
    for (const headers of [{ origin: 'https://shop.example' }, { 'sec-fetch-site': 'same-origin' }, {}] as Record<string, string>[]) {
      const refused = await probe(`${proxy.url}/api/v1/sdk/validate`, { headers });
      assert.equal(refused.status, 404, JSON.stringify(headers));
      assert.equal(refused.body.code, 'proxy_not_found');
      assert.ok(!JSON.stringify(refused.body).includes('key_7Q2'), 'nothing about the key');
    }
    assert.deepEqual(upstream.calls, [], 'not forwarded, so no quota spent');
    assert.deepEqual((await probe(`${proxy.url}/healthz`)).body, { status: 'ready', rpcChains: [] });
    assert.deepEqual(upstream.calls, ['/api/v1/sdk/validate']);
  });
});
