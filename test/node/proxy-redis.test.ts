/**
 * Many instances on one real `redis-server`: two
 * proxy instances given the same Redis share one catalog cache, one flood
 * limit and one atomic view of the key's quota; and when Redis stalls
 * (SIGSTOP, as a partition or a failover looks) or dies (SIGKILL), they go on
 * from their own memory within the store deadline, say so in one log line
 * per change and on /healthz, and come back when Redis does. Redis runs on a
 * free port on 127.0.0.1 without persistence and is stopped by its PID.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { startProxyServer, type NodeProxyServerOptions, type RunningProxyServer } from '../../src/proxy/node.js';
import { createRedisStore } from '../../src/proxy/redis-store.js';
import { answerOk, logWatcher, startRedis, startUpstream, type RedisServer, type Responder, type Upstream } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_redis_0123456789';
const JSON_HEADERS = { 'content-type': 'application/json' };

async function call(proxy: RunningProxyServer, path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${proxy.url}${path}`, init);
  const body = (await response.json()) as { code?: string; url?: string; status?: string; store?: string; instances?: number };
  return { status: response.status, body, ms: performance.now() - started };
}

const receipt = (proxy: RunningProxyServer, n: number) =>
  call(proxy, `/api/v1/route-intent/intent_${n}/receipt`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ txHash: `0x${String(n).padStart(64, '0')}` }),
  });

describe('two proxy instances sharing one Redis', { timeout: 60_000 }, () => {
  let redis: RedisServer;
  let upstream: Upstream;
  const servers: RunningProxyServer[] = [];
  const instance = async (options: Partial<NodeProxyServerOptions> = {}) => {
    // Sharing is what these tests are about: a loaded machine must not push a call past the deadline into memory.
    const server = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, redisUrl: redis.url, storeTimeoutMs: 2_000, ...options });
    servers.push(server);
    // Connected (it starts without waiting for Redis, and answers from memory meanwhile).
    await storeIs(server, 'ok');
    // The health probe's validate call is not what these tests count.
    upstream.calls.length = 0;
    return server;
  };

  before(async () => {
    redis = await startRedis();
    upstream = await startUpstream();
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await upstream.close();
    await redis.stop();
  });
  beforeEach(() => {
    upstream.calls.length = 0;
    upstream.respond = answerOk;
  });

  it('share one catalog cache: what one instance fetched, the other serves', async () => {
    const a = await instance({ clientRateLimit: false });
    const b = await instance({ clientRateLimit: false });
    const fromA = await call(a, '/api/v1/routes/tokens?chainId=11155111');
    const fromB = await call(b, '/api/v1/routes/tokens?chainId=11155111');
    assert.equal(fromA.status, 200);
    assert.deepEqual(fromB.body, fromA.body);
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
    upstream.respond = answerOk;
    const refused = await receipt(b, 1);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'proxy_upstream_rate_limited');
    assert.deepEqual(upstream.calls, ['GET /api/v1/route-intent/x1/status']);
  });
});

/**
 * Waits until each instance is connected and counts two instances (its share while Redis is away);
 * /healthz says how many. An instance says it is alive when asked (a request, a probe), so both are asked.
 */
async function bothCounted(proxies: readonly RunningProxyServer[]): Promise<void> {
  let counts: Array<number | undefined> = [];
  await until(
    async () => {
      counts = await Promise.all(proxies.map(async (proxy) => (await call(proxy, '/healthz')).body.instances));
      return counts.every((count) => count === 2);
    },
    () => `both instances count two (they say ${counts.join(', ')})`,
    { timeout: 10_000 },
  );
}

/** Waits until the instance's /healthz says its store is `state` (each ask runs the health endpoint's probe). */
async function storeIs(proxy: RunningProxyServer, state: 'ok' | 'down'): Promise<void> {
  let store: string | undefined;
  await until(
    async () => (store = (await call(proxy, '/healthz')).body.store) === state,
    () => `/healthz says the store is ${state} (it says ${store})`,
    { timeout: 10_000 },
  );
}

/**
 * A bounded mixed load through both instances: catalog, quotes, routes,
 * receipts and status polls, with /healthz probed alongside.
 */
async function mixedLoad(proxies: readonly RunningProxyServer[], round: number) {
  const results: Array<{ kind: string; status: number; ms: number; code?: string }> = [];
  const record = (kind: string) => (r: Awaited<ReturnType<typeof call>>) =>
    void results.push({ kind, status: r.status, ms: r.ms, ...(r.body.code ? { code: r.body.code } : {}) });
  const work: Promise<void>[] = [];
  for (let i = 0; i < 10; i++) {
    const proxy = proxies[i % proxies.length]!;
    const n = round * 100 + i;
    work.push(call(proxy, `/api/v1/routes/tokens?chainId=${i % 3}`).then(record('catalog')));
    work.push(call(proxy, '/api/v1/routes/quote', { method: 'POST', headers: JSON_HEADERS, body: `{"n":${n}}` }).then(record('quote')));
    work.push(call(proxy, '/api/v1/routes/route', { method: 'POST', headers: JSON_HEADERS, body: `{"n":${n}}` }).then(record('route')));
    work.push(receipt(proxy, n).then(record('receipt')));
    work.push(call(proxy, `/api/v1/route-intent/intent_${n}/status`).then(record('status')));
    work.push(call(proxy, '/healthz').then(record('health')));
  }
  await Promise.all(work);
  return results;
}

describe('when Redis stalls or dies under load', { timeout: 120_000 }, () => {
  let redis: RedisServer;
  let upstream: Upstream;
  const logs = [logWatcher(), logWatcher()];
  const proxies: RunningProxyServer[] = [];
  const receiptsReceived = () => new Set(upstream.received.filter((r) => r.url.endsWith('/receipt')).map((r) => JSON.parse(r.body).txHash as string));

  before(async () => {
    redis = await startRedis();
    upstream = await startUpstream();
    for (const log of logs) {
      proxies.push(
        await startProxyServer({
          upstreamUrl: upstream.url,
          apiKey: API_KEY,
          port: 0,
          redisUrl: redis.url,
          clientRateLimit: { limit: 10_000, windowMs: 10_000 },
          healthCacheMs: 600_000,
          storeProbeIntervalMs: 200,
          // A loaded test machine can pause the event loop past 50 ms (the default) on its own.
          storeTimeoutMs: 100,
          onLog: log.onLog,
        }),
      );
    }
    const warm = await mixedLoad(proxies, 0);
    assert.ok(
      warm.every((r) => r.kind === 'health' || r.status === 200),
      JSON.stringify(warm.filter((r) => r.status !== 200)),
    );
    await bothCounted(proxies);
  });
  after(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await upstream.close();
    await redis.stop();
  });
  // A test that failed while Redis was frozen must not leave it frozen for the next one (which would wait for it until its time limit).
  afterEach(() => {
    try {
      redis.thaw();
    } catch {
      // Killed and not restarted: nothing to thaw.
    }
  });

  for (const failure of ['frozen (SIGSTOP)', 'killed'] as const) {
    it(`${failure}: no receipt refused or lost, every answer within the store deadline plus upstream time, /healthz says so at once, and both come back`, async () => {
      // From a settled start: both connected and counting each other.
      await bothCounted(proxies);
      const before = logs.map((log) => log.lines.length);
      if (failure === 'killed') await redis.kill();
      else redis.freeze();
      const results = [...(await mixedLoad(proxies, 1)), ...(await mixedLoad(proxies, 2))];

      const refused = results.filter((r) => r.kind !== 'health' && r.status !== 200);
      assert.deepEqual(refused, [], 'every request but the probes answered 200');
      for (let n = 100; n < 110; n++) assert.ok(receiptsReceived().has(`0x${String(n).padStart(64, '0')}`), `receipt ${n} reached the routing service`);
      for (let n = 200; n < 210; n++) assert.ok(receiptsReceived().has(`0x${String(n).padStart(64, '0')}`), `receipt ${n} reached the routing service`);
      const slowest = Math.max(...results.map((r) => r.ms));
      // A frozen Redis used to hold requests until the 10 s body timeout; a killed one, 15 s each. The bound sits
      // well below both and well above what a machine with every core busy adds (2.3 s seen at load average 16).
      assert.ok(slowest < 5_000, `slowest answer ${slowest.toFixed(0)} ms`);
      // Probes one after another while the store is still away: the answer never waits for it.
      const probes: number[] = [];
      for (let i = 0; i < 10; i++) probes.push((await call(proxies[i % 2]!, '/healthz')).ms);
      const medianProbe = probes.sort((x, y) => x - y)[5]!;
      assert.ok(medianProbe < 100, `/healthz median ${medianProbe.toFixed(1)} ms (${probes.map((ms) => ms.toFixed(0)).join(', ')})`);

      for (const [i, proxy] of proxies.entries()) {
        const down = await logs[i]!.next((line) => line.startsWith('store down'), before[i]);
        assert.match(
          down,
          /^store down after 3 failed calls in a row \(.+\): serving from this instance's memory \(catalog cache, flood limit, 1\/2 of the key's quota\); probing every 200 ms$/,
        );
        const health = await call(proxy, '/healthz');
        assert.equal(health.body.store, 'down', 'the health answer says the store is down');
      }

      if (failure === 'killed') redis = await startRedis(redis.port);
      else redis.thaw();
      for (const [i, proxy] of proxies.entries()) {
        // Recovery: each probe that finds Redis answering closes the circuit (the health endpoint asks for one).
        await storeIs(proxy, 'ok');
        const lines = logs[i]!.lines.slice(before[i]).filter((line) => line.startsWith('store '));
        const states = lines.map((line) => line.split(/[ :]/)[1]);
        // One line per change of state (a loaded machine may add a degraded/back pair around it).
        assert.deepEqual(states.slice(0, 2), ['degraded', 'down'], `one line per transition: ${lines.join(' | ')}`);
        assert.ok(states.slice(2).includes('back') && states.at(-1) === 'back', `back at the end: ${lines.join(' | ')}`);
        for (let k = 1; k < states.length; k++) assert.notEqual(states[k], states[k - 1], `each line is a change: ${lines.join(' | ')}`);
        assert.ok(!logs[i]!.lines.some((line) => line.includes('proxy_body_unreadable') || line.includes('proxy_body_timeout')), 'no body was left unread');
      }
      const after = await mixedLoad(proxies, 3);
      assert.deepEqual(
        after.filter((r) => r.status !== 200 && r.kind !== 'health'),
        [],
      );
    });
  }

  it('a new instance starts while Redis is unreachable, serves from memory, and joins when Redis returns', async () => {
    await redis.kill();
    const log = logWatcher();
    const started = performance.now();
    const late = await startProxyServer({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      port: 0,
      redisUrl: redis.url,
      storeProbeIntervalMs: 200,
      onLog: log.onLog,
    });
    proxies.push(late);
    const startMs = performance.now() - started;
    assert.ok(startMs < 2_000, `started in ${startMs.toFixed(0)} ms: an instance starting while Redis is unreachable does not wait for it`);
    const served = await receipt(late, 900);
    assert.equal(served.status, 200);
    assert.ok(receiptsReceived().has(`0x${'900'.padStart(64, '0')}`));
    // Past the start-up grace, the health endpoint's probe finds it down.
    await storeIs(late, 'down');
    assert.match(
      await log.next((line) => line.startsWith('store down')),
      /^store down: not reachable since start-up \(.+\): serving from this instance's memory; probing every 200 ms$/,
    );
    redis = await startRedis(redis.port);
    await storeIs(late, 'ok');
    assert.match(await log.next((line) => line.startsWith('store back')), /^store back after \d+ ms: shared cache, flood limit and quota again$/);
  });
});

/** A routing service's answer in a fixed window of `limit` calls ending at `resetAt` (epoch seconds), `remaining` left. */
function answerInWindow(req: IncomingMessage, res: ServerResponse, status: number, remaining: number, limit: number, resetAt: number): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(Math.max(0, remaining)),
    'x-ratelimit-reset': String(resetAt),
    ...(status === 429 ? { 'retry-after': '60' } : {}),
  });
  res.end(JSON.stringify({ url: req.url }));
}

describe('the quota is atomic across instances', { timeout: 120_000 }, () => {
  let redis: RedisServer;
  before(async () => {
    redis = await startRedis();
  });
  after(async () => {
    await redis.stop();
  });

  it('when Redis stalls in the middle of a burst, neither instance spends again what Redis gave out: at most 34 of 40 calls go to quotes and every receipt passes', async () => {
    const LIMIT = 40;
    const resetAt = Math.ceil(Date.now() / 1000) + 3600;
    const statuses: number[] = [];
    // Answers are held until the test lets them go, as a slow service's are: the sends in flight are counted
    // by Redis and by the service, but no answer (a receipt's neither) has told either instance what is left
    // yet. Once Redis stalls, what Redis last said is all an instance has to decide by.
    const held: Array<() => void> = [];
    const upstream = await startUpstream((req, res, _body, used) => {
      const status = used > LIMIT ? 429 : 200;
      statuses.push(status);
      const answer = () => answerInWindow(req, res, status, LIMIT - used, LIMIT, resetAt);
      if (holding) held.push(answer);
      else answer();
    });
    let holding = false;
    const quotesSent = () => upstream.calls.filter((c) => c.endsWith('/routes/quote')).length;
    const receiptsSent = () => upstream.calls.filter((c) => c.endsWith('/receipt')).length;
    const stores = [await createRedisStore({ url: redis.url, prefix: 'stall:' }), await createRedisStore({ url: redis.url, prefix: 'stall:' })];
    // The default reserve (5 % and 10 % of the limit: 2 and 4 calls), the widget's own configuration.
    const proxies = await Promise.all(
      stores.map((store) => startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, store, clientRateLimit: false, storeTimeoutMs: 100 })),
    );
    const quote = (i: number) => call(proxies[i % 2]!, '/api/v1/routes/quote', { method: 'POST', headers: JSON_HEADERS, body: `{"i":${i}}` });
    try {
      // One quote through each instance: both learn the key's limit.
      assert.equal((await quote(0)).status, 200);
      assert.equal((await quote(1)).status, 200);
      await bothCounted(proxies);
      holding = true;
      // A burst: Redis gives out what is left above the reserve (32 calls) and refuses the rest.
      let refused = 0;
      const burst = Array.from({ length: 60 }, (_, i) => quote(i).finally(() => (refused += 1)));
      await until(() => refused + quotesSent() - 2 === 60, 'the burst was decided', { timeout: 30_000 });
      const sentBefore = quotesSent();
      // Each instance asks once more and hears from Redis that only the reserve is left.
      assert.equal((await quote(0)).body.code, 'proxy_quota_reserved');
      assert.equal((await quote(1)).body.code, 'proxy_quota_reserved');
      // Redis stalls (a failover, a partition): the next calls miss its deadline and each instance decides alone.
      redis.freeze();
      let settled = 0;
      const more = Array.from({ length: 60 }, (_, i) => quote(i).finally(() => (settled += 1)));
      let receiptsSettled = 0;
      const receipts = Array.from({ length: 5 }, (_, i) => receipt(proxies[i % 2]!, i).finally(() => (receiptsSettled += 1)));
      // Every quote and receipt decided: answered by the proxy, or sent on (and held by the service).
      await until(() => settled + (quotesSent() - sentBefore) === 60, 'the second burst was decided', { timeout: 30_000 });
      await until(() => receiptsSettled + receiptsSent() === 5, 'the receipts were decided', { timeout: 30_000 });
      holding = false;
      for (const answer of held.splice(0)) answer();
      const receiptAnswers = await Promise.all(receipts);
      await Promise.all([...burst, ...more]);

      // The health probe's one validate call counts against the key too.
      const others = upstream.calls.filter((c) => !c.endsWith('/receipt')).length;
      assert.ok(
        others <= LIMIT - 6,
        `${others} calls other than receipts (${quotesSent()} quotes) reached the service for a ${LIMIT}-call key with 6 calls reserved`,
      );
      assert.deepEqual(
        receiptAnswers.map((a) => a.status),
        [200, 200, 200, 200, 200],
        `every receipt passes: ${JSON.stringify(receiptAnswers.map((a) => a.body))}`,
      );
      assert.equal(receiptsSent(), 5, 'every receipt reached the service');
      assert.ok(!statuses.includes(429), 'the service never had to refuse');
    } finally {
      redis.thaw();
      holding = false;
      for (const answer of held.splice(0)) answer();
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await Promise.all(stores.map((store) => store.close()));
      await upstream.close();
    }
  });

  it('with two instances and a 40-call key, the upstream never gets more than the limit, and receipts keep their reserve: 20 runs out of 20', async () => {
    const LIMIT = 40;
    const reserve = { receipts: 3, status: 3 };
    for (let run = 0; run < 20; run++) {
      const resetAt = Math.ceil(Date.now() / 1000) + 3600;
      const statuses: number[] = [];
      const windowed: Responder = (req, res, _body, used) => {
        const status = used > LIMIT ? 429 : 200;
        statuses.push(status);
        answerInWindow(req, res, status, LIMIT - used, LIMIT, resetAt);
      };
      const upstream = await startUpstream(windowed);
      // Each run its own key space: a fresh quota, as for a new key.
      const stores = [await createRedisStore({ url: redis.url, prefix: `run${run}:` }), await createRedisStore({ url: redis.url, prefix: `run${run}:` })];
      const proxies = await Promise.all(
        stores.map((store) =>
          startProxyServer({
            upstreamUrl: upstream.url,
            apiKey: API_KEY,
            port: 0,
            store,
            clientRateLimit: false,
            quotaReserve: reserve,
            // The atomic path is what this test is about: a loaded machine must not push calls past the
            // deadline into each instance's own share (the tests above are about that).
            storeTimeoutMs: 2_000,
          }),
        ),
      );
      try {
        // The first answer tells the instances the key's limit (the command's start-up check does the same).
        assert.equal((await call(proxies[0]!, '/api/v1/route-intent/warm/status')).status, 200);
        await bothCounted(proxies);
        const quotes = Array.from({ length: 60 }, (_, i) =>
          call(proxies[i % 2]!, '/api/v1/routes/quote', { method: 'POST', headers: JSON_HEADERS, body: `{"i":${i}}` }),
        );
        const receipts = Array.from({ length: 5 }, (_, i) => receipt(proxies[i % 2]!, i));
        const answers = await Promise.all([...quotes, ...receipts]);
        // The health probes' one validate call counts against the key too.
        const quoteCalls = upstream.calls.filter((c) => c.endsWith('/routes/quote')).length;
        const receiptCalls = upstream.calls.filter((c) => c.endsWith('/receipt')).length;
        assert.ok(upstream.calls.length <= LIMIT, `run ${run}: ${upstream.calls.length} upstream calls for a ${LIMIT}-call key`);
        const others = upstream.calls.length - receiptCalls;
        assert.ok(others <= LIMIT - reserve.receipts - reserve.status, `run ${run}: ${others} calls other than receipts went upstream (${quoteCalls} quotes)`);
        assert.equal(receiptCalls, 5, `run ${run}: every receipt was forwarded`);
        assert.deepEqual(
          answers.slice(60).map((a) => a.status),
          [200, 200, 200, 200, 200],
          `run ${run}: receipts all pass`,
        );
        assert.ok(!statuses.includes(429), `run ${run}: the upstream never had to refuse`);
        for (const answer of answers.slice(0, 60)) assert.ok(answer.status === 200 || answer.body.code === 'proxy_quota_reserved', JSON.stringify(answer));
      } finally {
        await Promise.all(proxies.map((proxy) => proxy.close()));
        await Promise.all(stores.map((store) => store.close()));
        await upstream.close();
      }
    }
  });
});
