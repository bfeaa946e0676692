/**
 * Quota-aware priorities against a real upstream on
 * 127.0.0.1 that limits the key in a fixed window and says so in its
 * headers, as the spec describes. When the window runs low, receipts keep a
 * reserve that quotes, balances and catalog misses cannot spend, and status
 * polls keep theirs; once the upstream says to wait, nothing is sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { startUpstream, type Upstream, proxyFleet } from './helpers/proxy-upstream.js';
import { until } from './helpers/until.js';

const API_KEY = 'rk_live_quota_0123456789';

interface WindowedUpstream extends Upstream {
  limit: number;
  /** When set, every answer is this 429 with `Retry-After` (seconds). */
  tellToWait: number | undefined;
  /** Calls with their answer, `METHOD path -> status`. */
  readonly answered: string[];
}

/** An upstream that limits the key to `limit` calls in a fixed window of an hour and says so in its headers. */
async function startWindowedUpstream(limit: number): Promise<WindowedUpstream> {
  const resetAt = Math.ceil(Date.now() / 1000) + 3600;
  const answered: string[] = [];
  const upstream = Object.assign(await startUpstream(), { limit, tellToWait: undefined as number | undefined, answered });
  upstream.respond = (req, res, _body, used) => {
    const remaining = Math.max(0, upstream.limit - used);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-ratelimit-limit': String(upstream.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(resetAt),
    };
    const status = upstream.tellToWait !== undefined || used > upstream.limit ? 429 : 200;
    if (status === 429) headers['retry-after'] = String(upstream.tellToWait ?? 3600);
    answered.push(`${req.method} ${req.url} -> ${status}`);
    res.writeHead(status, headers);
    res.end(JSON.stringify(status === 429 ? { error: 'rate limited' } : { ok: true }));
  };
  return upstream;
}

type Kind = 'quote' | 'balances' | 'tokens' | 'status' | 'receipt';

async function send(proxy: RunningProxyServer, kind: Kind, n: number) {
  const json = { 'content-type': 'application/json' };
  const [path, init]: [string, RequestInit] = {
    quote: ['/api/v1/routes/quote', { method: 'POST', headers: json, body: `{"n":${n}}` }],
    balances: [`/api/v1/data/balances/0xAbC00000000000000000000000000000000000${String(n).padStart(2, '0')}`, {}],
    // A new query each time: always a catalog miss.
    tokens: [`/api/v1/routes/tokens?chainId=${n}`, {}],
    status: [`/api/v1/route-intent/intent_${n}/status`, {}],
    receipt: [`/api/v1/route-intent/intent_${n}/receipt`, { method: 'POST', headers: json, body: '{"txHash":"0x01"}' }],
  }[kind] as [string, RequestInit];
  const response = await fetch(`${proxy.url}${path}`, init);
  const body = (await response.json()) as { code?: string };
  return { kind, status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') };
}

describe('quota-aware priorities', { timeout: 60_000 }, () => {
  let upstream: WindowedUpstream;
  let proxy: RunningProxyServer;
  before(async () => {
    // 40 calls a window: the default reserve keeps 2 for receipts and 4 more for status polls.
    upstream = await startWindowedUpstream(40);
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('keeps the reserve for receipts and status polls; receipts are refused only once nothing else is served', async () => {
    const answers: Array<Awaited<ReturnType<typeof send>>> = [];
    const kinds: Kind[] = ['quote', 'balances', 'tokens', 'status', 'receipt'];
    // Visitors keep coming, all kinds mixed, well past the window.
    for (let n = 0; n < 80; n++) answers.push(await send(proxy, kinds[n % kinds.length]!, n));

    assert.ok(!upstream.answered.some((call) => call.endsWith('429')), 'the proxy never ran the key into the upstream limit');
    assert.equal(upstream.calls.length, 40, 'the whole window was used, and not one call more');

    const refused = answers.filter((a) => a.status === 429);
    for (const answer of refused) {
      assert.ok(answer.code === 'proxy_quota_reserved' || answer.code === 'proxy_upstream_rate_limited', answer.code);
      const retryAfter = Number(answer.retryAfter);
      // The window ends within the hour; rounded up to whole seconds, that can read 3601.
      assert.ok(retryAfter >= 1 && retryAfter <= 3601, `an honest Retry-After (the window end): ${answer.retryAfter}`);
    }
    const firstRefused = (kind: Kind) => answers.findIndex((a) => a.kind === kind && a.status === 429);
    const lastServed = (kind: Kind) => answers.reduce((last, a, i) => (a.kind === kind && a.status === 200 ? i : last), -1);
    // Order of refusal: the other classes first, then status polls, then receipts.
    for (const kind of ['quote', 'balances', 'tokens'] as const) {
      assert.ok(firstRefused(kind) !== -1, `${kind} refused once low`);
      assert.ok(lastServed(kind) < firstRefused('status'), `${kind} is no longer served when status polls are first refused`);
    }
    assert.ok(firstRefused('status') < firstRefused('receipt'), 'status polls give way before receipts');
    for (const kind of ['quote', 'balances', 'tokens', 'status'] as const) {
      assert.ok(lastServed(kind) < firstRefused('receipt'), `no ${kind} is served once a receipt has been refused`);
    }
    const receiptsServedInReserve = answers.filter((a, i) => a.kind === 'receipt' && a.status === 200 && i > lastServed('quote')).length;
    assert.ok(receiptsServedInReserve >= 2, `receipts got the reserve (${receiptsServedInReserve})`);
  });
});

describe('when the upstream says to wait', { timeout: 60_000 }, () => {
  let upstream: WindowedUpstream;
  let proxy: RunningProxyServer;
  before(async () => {
    upstream = await startWindowedUpstream(1000);
    proxy = await startProxyServer({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false });
  });
  after(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('nothing is sent upstream, receipts included, until Retry-After has passed', async () => {
    upstream.tellToWait = 120;
    const told = await send(proxy, 'quote', 1);
    assert.equal(told.status, 429, 'the upstream 429 is passed on');
    assert.equal(told.retryAfter, '120');
    upstream.tellToWait = undefined;
    const before = upstream.calls.length;
    for (const kind of ['receipt', 'status', 'quote', 'tokens'] as const) {
      const answer = await send(proxy, kind, 2);
      assert.equal(answer.status, 429, kind);
      assert.equal(answer.code, 'proxy_upstream_rate_limited', kind);
      assert.ok(Number(answer.retryAfter) >= 1 && Number(answer.retryAfter) <= 120, `${kind}: Retry-After ${answer.retryAfter}`);
    }
    assert.equal(upstream.calls.length, before, 'not one call while told to wait');
  });
});

describe('upstream waits are bounded', { timeout: 60_000 }, () => {
  let upstream: Upstream;
  const fleet = proxyFleet(() => ({ upstreamUrl: upstream.url, apiKey: API_KEY, port: 0, clientRateLimit: false }));
  const start = fleet.start;
  /** Asks until the answer is not a 429 from the proxy itself; the number of refusals on the way. */
  const untilPassed = async (proxy: RunningProxyServer, kind: Kind, limitMs: number) => {
    const started = Date.now();
    let refusals = 0;
    const answer = await until(
      async () => {
        const answer = await send(proxy, kind, 9);
        if (answer.status !== 429) return answer;
        refusals += 1;
        return undefined;
      },
      () => `${kind} to pass (still refused after ${Date.now() - started} ms)`,
      { timeout: limitMs, interval: 50 },
    );
    return { answer, refusals, waitedMs: Date.now() - started };
  };
  before(async () => {
    upstream = await startUpstream();
  });
  after(async () => {
    await fleet.closeAll();
    await upstream.close();
  });

  it('Retry-After: 86400 blocks nothing beyond the cap: receipts pass again once it is over', async () => {
    let tellToWait = true;
    upstream.respond = (_req, res) => {
      const status = tellToWait ? 429 : 200;
      res.writeHead(status, { 'content-type': 'application/json', ...(tellToWait ? { 'retry-after': '86400' } : {}) });
      res.end(JSON.stringify({ status }));
    };
    const byDefault = await start();
    const told = await send(byDefault, 'quote', 1);
    assert.equal(told.status, 429);
    const capped = await send(byDefault, 'receipt', 2);
    assert.equal(capped.code, 'proxy_upstream_rate_limited');
    assert.ok(Number(capped.retryAfter) <= 180, `the default cap is 3 minutes: Retry-After ${capped.retryAfter}`);

    const shortCap = await start({ maxUpstreamWaitMs: 1_000 });
    assert.equal((await send(shortCap, 'quote', 3)).status, 429, 'told to wait a day');
    tellToWait = false;
    const before = upstream.calls.length;
    const { answer, waitedMs } = await untilPassed(shortCap, 'receipt', 10_000);
    assert.equal(answer.status, 200, 'the receipt went through once the cap was over');
    assert.ok(waitedMs < 10_000);
    assert.equal(upstream.calls.length, before + 1, 'one call: nothing was sent while waiting');
  });

  for (const [name, reset] of [
    ['epoch milliseconds', (at: number) => String(at + 2_000)],
    ['epoch seconds', (at: number) => String(Math.ceil((at + 2_000) / 1000))],
    ['seconds from now', () => '2'],
    ['an HTTP date', (at: number) => new Date(at + 2_000).toUTCString()],
  ] as const) {
    it(`an exhausted window whose X-RateLimit-Reset is in ${name} reopens when it says`, async () => {
      let exhausted = true;
      upstream.respond = (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': exhausted ? '0' : '99',
          'x-ratelimit-reset': reset(Date.now()),
        });
        res.end('{"ok":true}');
      };
      const proxy = await start();
      assert.equal((await send(proxy, 'quote', 1)).status, 200, 'the last call of the window');
      const refused = await send(proxy, 'quote', 2);
      assert.equal(refused.status, 429);
      assert.equal(refused.code, 'proxy_upstream_rate_limited');
      assert.ok(Number(refused.retryAfter) >= 1 && Number(refused.retryAfter) <= 3, `Retry-After ${refused.retryAfter}: the window ends in 2 s`);
      exhausted = false;
      const { answer } = await untilPassed(proxy, 'quote', 10_000);
      assert.equal(answer.status, 200, 'quotes pass again once the window is over');
    });
  }
});
