/**
 * The key check on its own (src/proxy/key-check.ts) against a real upstream
 * on 127.0.0.1 answering the spec's validate endpoint: what counts as a
 * failed validation (any non-2xx, `valid` false), what is sent (the key, and
 * nothing that follows a redirect), the deadline, the cache and what people
 * are told. Through the command and the health endpoint: proxy-health.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createKeyChecker, describeKeyStatus, type KeyCheckConfig } from '../../src/proxy/key-check.js';
import { createSecretScrubber } from '../../src/proxy/scrub.js';
import { deadUrl, startUpstream, type Upstream } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_keycheck_0123456789';

const info = (overrides: Record<string, unknown> = {}) => ({
  valid: true,
  status: 'active',
  message: 'API key is valid.',
  key_id: 'key_7Q2',
  label: 'Shop production',
  project_id: 'prj_1',
  ...overrides,
});

describe('key check', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  let answer: { status: number; body: unknown; headers?: Record<string, string> } | 'silent';
  let clock = 1_000_000;
  const config = (overrides: Partial<KeyCheckConfig> = {}): KeyCheckConfig => ({
    validateUrl: `${upstream.url}/api/v1/sdk/validate`,
    apiKey: API_KEY,
    fetch: (input, init) => globalThis.fetch(input, init),
    timeoutMs: 2_000,
    cacheMs: 60_000,
    scrubber: createSecretScrubber(API_KEY),
    now: () => clock,
    ...overrides,
  });
  const check = (overrides: Partial<KeyCheckConfig> = {}) => createKeyChecker(config(overrides)).status();

  before(async () => {
    upstream = await startUpstream((req, res) => {
      if (answer === 'silent') return;
      // The key is what makes it valid: anything else is refused as the service would.
      const status = req.headers['x-api-key'] === API_KEY ? answer.status : 401;
      res.writeHead(status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  after(async () => {
    await upstream.close();
  });
  beforeEach(() => {
    upstream.calls.length = 0;
    upstream.received.length = 0;
    answer = { status: 200, body: info() };
  });

  it('an active key: sends the key as X-API-Key and asks for JSON', async () => {
    assert.deepEqual(await check(), { state: 'active', keyId: 'key_7Q2', label: 'Shop production' });
    assert.deepEqual(upstream.calls, ['GET /api/v1/sdk/validate']);
    assert.equal(upstream.received[0]!.headers['x-api-key'], API_KEY);
    assert.equal(upstream.received[0]!.headers.accept, 'application/json');
  });

  it('any non-2xx answer is a failed validation, whatever its body says', async () => {
    for (const status of [199, 300, 301, 302, 400, 401, 403, 404, 429, 500, 503]) {
      answer = { status, body: info(), ...(status >= 300 && status < 400 ? { headers: { location: `${upstream.url}/elsewhere` } } : {}) };
      const result = status === 199 ? undefined : await check();
      if (result) assert.deepEqual(result, { state: 'refused', httpStatus: status }, String(status));
    }
    assert.ok(!upstream.calls.includes('GET /elsewhere'), 'a redirect is not followed (it would carry the key)');
    // A refusal without a body (304 carries none) is still a refusal.
    answer = { status: 304, body: info() };
    assert.deepEqual(await check(), { state: 'refused', httpStatus: 304 });
    for (const status of [200, 201, 203, 299]) {
      answer = { status, body: info() };
      assert.equal((await check()).state, 'active', String(status));
    }
  });

  it('valid false, or a status other than active, is inactive; the service words are scrubbed of the key', async () => {
    answer = { status: 200, body: info({ valid: false, status: 'revoked', message: `Key ${API_KEY} was revoked.` }) };
    assert.deepEqual(await check(), { state: 'inactive', keyId: 'key_7Q2', label: 'Shop production', message: 'Key [redacted] was revoked.' });
    answer = { status: 200, body: info({ valid: true, status: 'suspended', message: undefined, key_id: `id-${API_KEY}`, label: undefined }) };
    assert.deepEqual(await check(), { state: 'inactive', keyId: 'id-[redacted]', label: '', message: 'suspended' });
    answer = { status: 200, body: info({ valid: false, status: 'active', key_id: undefined }) };
    assert.deepEqual(await check(), { state: 'inactive', keyId: '', label: 'Shop production', message: 'API key is valid.' });
  });

  it('an answer that is not key info, or not JSON, is unreachable with a reason', async () => {
    answer = { status: 200, body: { hello: 'world' } };
    assert.deepEqual(await check(), { state: 'unreachable', reason: 'the validate answer is not API key info' });
    answer = { status: 200, body: 'not an object' };
    assert.deepEqual(await check(), { state: 'unreachable', reason: 'the validate answer is not API key info' });
  });

  it('gives up at its deadline and aborts the call', async () => {
    answer = 'silent';
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const result = await check({
      timeoutMs: 200,
      fetch: (input, init) => {
        signal = init?.signal ?? undefined;
        return globalThis.fetch(input, init);
      },
    });
    assert.deepEqual(result, { state: 'unreachable', reason: 'no answer within 200 ms' });
    assert.equal(signal?.aborted, true, 'the request was aborted, not left open');
    assert.ok(Date.now() - started < 10_000);
  });

  it("a failing fetch: its message, its cause's code when it has one, and whatever else was thrown", async () => {
    const failing = (thrown: unknown) => check({ fetch: () => Promise.reject(thrown) });
    assert.deepEqual(await failing('boom'), { state: 'unreachable', reason: 'boom' });
    assert.deepEqual(await failing(new Error('outer', { cause: new Error('inner') })), { state: 'unreachable', reason: 'outer' });
    const coded = Object.assign(new Error('inner'), { code: 'ECONNRESET' });
    assert.deepEqual(await failing(new Error('outer', { cause: coded })), { state: 'unreachable', reason: 'outer (ECONNRESET)' });
    assert.deepEqual(await failing(new Error(`bad key ${API_KEY}`)), { state: 'unreachable', reason: 'bad key [redacted]' });
  });

  it('a service that cannot be reached: unreachable, the cause named', async () => {
    const result = await check({ validateUrl: `${await deadUrl()}/api/v1/sdk/validate` });
    assert.equal(result.state, 'unreachable');
    assert.match(result.state === 'unreachable' ? result.reason : '', /fetch failed \(ECONNREFUSED\)/);
  });

  it('keeps one result for its lifetime, shares one call between concurrent askers, then serves the old one while it asks again', async () => {
    const seen: number[] = [];
    // Counted as the call is made, not as it arrives.
    let fetches = 0;
    const checker = createKeyChecker(
      config({
        onAnswer: (status) => seen.push(status),
        fetch: (input, init) => {
          fetches += 1;
          return globalThis.fetch(input, init);
        },
      }),
    );
    const burst = await Promise.all([checker.status(), checker.status(), checker.status()]);
    assert.ok(burst.every((r) => r.state === 'active'));
    assert.equal(fetches, 1);
    clock += 59_999;
    assert.equal((await checker.status()).state, 'active');
    assert.equal(fetches, 1, 'within its lifetime');
    answer = { status: 200, body: info({ valid: false, status: 'revoked' }) };
    clock += 1;
    assert.equal((await checker.status()).state, 'active', 'expired: the old answer at once…');
    await until(() => upstream.calls.length >= 2, 'the key checked again', { timeout: 10_000, interval: 10 });
    const state = await until(
      async () => {
        const { state } = await checker.status();
        return state !== 'active' && state;
      },
      'the new answer',
      { timeout: 10_000, interval: 10 },
    );
    assert.equal(state, 'inactive', '…and the new one once it came');
    assert.equal(fetches, 2);
    assert.deepEqual(seen, [200, 200], 'every answer is handed on (its quota headers prime the quota)');
  });

  it('tells people what it found, never the key', () => {
    assert.equal(describeKeyStatus({ state: 'active', keyId: 'k', label: 'L' }), 'API key active (key_id "k", label "L")');
    assert.equal(describeKeyStatus({ state: 'inactive', keyId: 'k', label: 'L', message: 'm' }), 'API key inactive (key_id "k", label "L"): m');
    assert.equal(describeKeyStatus({ state: 'refused', httpStatus: 401 }), 'API key refused: the routing service answered HTTP 401 to the validate call');
    assert.equal(describeKeyStatus({ state: 'unreachable', reason: 'r' }), 'API key not checked: routing service unreachable (r)');
  });
});
