/**
 * The proxy keeps its promises: eight findings from trying the
 * command on purpose, each held here the way it was found. The command
 * (`bridge-widget-proxy`, its own process) for the Host rule, the forwarded
 * client key and the metrics; the sandbox's anvil chains for `/simulate`; the
 * scrubber called directly for the two encodings that passed it.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { readSimulation, simulationRequest, type SimulationCall } from '../../src/api/simulation.js';
import { MAX_APPROVALS } from '../../src/flow/guards.js';
import { simulationCalls } from '../../src/flow/simulate-route.js';
import type { RequiredApproval } from '../../src/api/approvals.js';
import type { Route } from '../../src/api/schemas.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { forwardedClientAddress } from '../../src/proxy/ratelimit.js';
import { createSecretScrubber } from '../../src/proxy/scrub.js';
import { SIMULATION_MAX_CALLS, SIMULATION_MAX_GAS_PER_CALL, SIMULATION_MAX_GAS_PER_REQUEST } from '../../src/proxy/simulate.js';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { freePort, logWatcher, startProxyCommand, startUpstream, type ProxyCommand, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_promises_0123456789';
const ORIGIN = 'https://shop.example';

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** A request with headers fetch() will not send as given (`Host`). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

const portOf = (url: string) => new URL(url).port;

describe('the proxy command keeps its promises', { timeout: 120_000 }, () => {
  let upstream: Upstream;
  const commands: ProxyCommand[] = [];
  const command = async (env: Record<string, string>) => {
    const started = await startProxyCommand({ ROUTING_API_URL: upstream.url, ROUTING_API_KEY: API_KEY, ALLOWED_ORIGINS: ORIGIN, ...env });
    commands.push(started);
    return started;
  };
  before(async () => {
    upstream = await startUpstream();
  });
  after(async () => {
    await Promise.all(commands.map((started) => started.kill()));
    await upstream.close();
  });

  it('1. checks the Host as sent: a name with characters outside letters, digits, dot and hyphen gets 421, never the bind address in its place', async () => {
    const proxy = await command({ SIMULATION_RPC_URLS: `11155111=${upstream.url}/rpc` });
    const port = portOf(proxy.url);
    upstream.calls.length = 0;
    for (const name of ['a_b.rebind.attacker.example', 'rebind~.attacker.example', 'x!y.example', '127.0.0.1_', 'localhost_']) {
      const host = `${name}:${port}`;
      const headers = { host, 'sec-fetch-site': 'same-origin' };
      const balances = await request(`${proxy.url}/api/v1/data/balances/0x1111111111111111111111111111111111111111`, { headers });
      assert.equal(balances.status, 421, host);
      assert.equal((JSON.parse(balances.body) as { code: string }).code, 'proxy_host_not_allowed');
      const simulation = await request(`${proxy.url}/simulate/11155111`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', origin: `http://${host}` },
        body: '{}',
      });
      assert.equal(simulation.status, 421, host);
      await proxy.log.next((line) => line.includes(`host=${JSON.stringify(host)}`));
    }
    assert.deepEqual(upstream.calls, [], 'nothing reached the routing service or the RPC');
    // The names it answers to still work.
    assert.equal((await request(`${proxy.url}/api/v1/routes/chains`, { headers: { host: `localhost:${port}` } })).status, 200);
  });

  it('2. keys the flood limit on the forwarded address without its port; an obfuscated identifier is no key (the socket address is)', async () => {
    const limited = async (env: Record<string, string>, header: string, values: (i: number) => string) => {
      const proxy = await command({ CLIENT_RATE_LIMIT: '10/1m', ...env });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await request(`${proxy.url}/api/v1/routes/chains`, { headers: { [header]: values(i) } })).status);
      return statuses;
    };
    const tenThenRefused = [...Array<number>(10).fill(200), ...Array<number>(10).fill(429)];
    assert.deepEqual(
      await limited({ TRUST_PROXY_HEADER: 'forwarded' }, 'forwarded', (i) => `proto=https;for="192.0.2.44:${40000 + i}"`),
      tenThenRefused,
      'IPv4 with a port',
    );
    assert.deepEqual(
      await limited({ TRUST_PROXY_HEADER: 'forwarded' }, 'forwarded', (i) => `for="[2001:db8:cafe::17]:${40000 + i}";proto=https`),
      tenThenRefused,
      'bracketed IPv6 with a port',
    );
    assert.deepEqual(await limited({ TRUST_PROXY_HEADER: 'x-forwarded-for' }, 'x-forwarded-for', (i) => `203.0.113.9:${40000 + i}`), tenThenRefused);
    assert.deepEqual(
      await limited({ TRUST_PROXY_HEADER: 'forwarded' }, 'forwarded', (i) => (i % 2 ? 'for=unknown' : `for=_hidden${i}`)),
      tenThenRefused,
      'obfuscated identifiers all count as the socket address',
    );
    // The reading itself, entry by entry.
    for (const [entry, address] of [
      ['192.0.2.44', '192.0.2.44'],
      ['192.0.2.44:4711', '192.0.2.44'],
      ['"192.0.2.44:_p0rt"', '192.0.2.44'],
      ['[2001:db8:cafe::17]:4711', '2001:db8:cafe::17'],
      ['"[2001:DB8:cafe::17]"', '2001:db8:cafe::17'],
      ['2001:db8:cafe::17', '2001:db8:cafe::17'],
      ['unknown', undefined],
      ['_hidden', undefined],
      ['_hidden:4711', undefined],
      ['proxy.internal', undefined],
      ['300.1.1.1', undefined],
    ] as const) {
      assert.equal(forwardedClientAddress(entry), address, entry);
    }
  });

  it('3. labels metrics by route template only: unknown paths are one bucket', async () => {
    const metricsPort = await freePort();
    const proxy = await command({ METRICS_PORT: String(metricsPort), CLIENT_RATE_LIMIT: 'off' });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const series = async () => {
      const scrape = await request(metricsUrl);
      assert.equal(scrape.status, 200);
      return scrape.body.split('\n').filter((line) => line.startsWith('bridge_proxy_requests_total{'));
    };
    await request(`${proxy.url}/api/v1/routes/chains`);
    await request(`${proxy.url}/api/v1/nope`);
    const before = (await series()).length;
    for (let i = 0; i < 250; i++) {
      const wallet = `0x${i.toString(16).padStart(40, '0')}`;
      assert.equal((await request(`${proxy.url}/api/v1/balances/${wallet}/${i}`)).status, 404);
    }
    const lines = await series();
    assert.equal(lines.length, before, `250 unknown paths add no series:\n${lines.join('\n')}`);
    assert.ok(lines.includes('bridge_proxy_requests_total{route="unmatched",status="404"} 251'), lines.join('\n'));
    assert.ok(lines.includes('bridge_proxy_requests_total{route="/api/v1/routes/chains",status="200"} 1'), lines.join('\n'));
    assert.ok(!lines.some((line) => line.includes('0x')), 'no visitor path reaches monitoring');
  });

  it('4. the metrics port answers only to the names the proxy answers to', async () => {
    const metricsPort = await freePort();
    await command({ METRICS_PORT: String(metricsPort) });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

    for (const host of ['rebind.attacker.example', `rebind.attacker.example:${metricsPort}`, `a_b.attacker.example:${metricsPort}`]) {
      const refused = await request(metricsUrl, { headers: { host } });
      assert.equal(refused.status, 421, host);
      assert.ok(!refused.body.includes('bridge_proxy'), 'no metrics');
    }
    for (const host of [`localhost:${metricsPort}`, `127.0.0.1:${metricsPort}`, 'localhost']) {
      assert.equal((await request(metricsUrl, { headers: { host } })).status, 200, host);
    }
  });

  it('5. puts the metrics token under the flood limit: 429 after a burst of guesses, one log line per refused burst', async () => {
    const token = 'scrape-token-0123456789abcdef';
    const proxy = await command({ METRICS_TOKEN: token, CLIENT_RATE_LIMIT: '10/1m' });
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 40; i++) {
      const guess = await request(`${proxy.url}/metrics`, { headers: { authorization: `Bearer wrong-token-${String(i).padStart(16, '0')}` } });
      statuses.push(guess.status);
      if (guess.status === 429) retryAfter ??= guess.headers['retry-after'] as string;
    }
    assert.deepEqual(statuses, [...Array<number>(10).fill(404), ...Array<number>(30).fill(429)]);
    assert.ok(Number(retryAfter) > 0 && Number(retryAfter) <= 60, String(retryAfter));
    // The right token waits too, once the client is refused.
    assert.equal((await request(`${proxy.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status, 429);
    await proxy.log.next((line) => line.includes('/metrics -> 429 proxy_rate_limited'));
    // A line logged after every guess was answered: the log holds all the guesses' lines before it.
    assert.equal((await request(`${proxy.url}/api/v1/routes/tokens`)).status, 429);
    await proxy.log.next((line) => line.includes('"/api/v1/routes/tokens" -> 429'));
    assert.equal(proxy.log.lines.filter((line) => line.includes('/metrics -> 429')).length, 1, proxy.log.lines.join('\n'));
    // The token path is under the Host rule too.
    const other = await command({ METRICS_TOKEN: token });
    const rebound = await request(`${other.url}/metrics`, {
      headers: { host: `a_b.rebind.attacker.example:${portOf(other.url)}`, authorization: `Bearer ${token}` },
    });
    assert.equal(rebound.status, 421);
    assert.equal((await request(`${other.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
  });
});

describe('/simulate keeps its promises on the sandbox chains', { timeout: 120_000 }, () => {
  let sandbox: SandboxHandle;
  let proxy: RunningProxyServer;
  let serverSide: RunningProxyServer;
  let rpcUrl: string;
  const log = logWatcher();
  const from = '0x1111111111111111111111111111111111111111';
  /** Code that loops until its gas runs out: JUMPDEST PUSH1 0 JUMP. */
  const burner = '0x00000000000000000000000000000000000b0123';
  const simulate = async (body: unknown, headers: Record<string, string> = { origin: ORIGIN }, base = proxy.url) => {
    const response = await fetch(`${base}/simulate/11155111`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };
  const burn = (count: number): SimulationCall[] => Array.from({ length: count }, () => ({ from, to: burner, data: '0x' }));
  const gasUsed = (body: Record<string, unknown>) => {
    const read = readSimulation(body, (body.result as { calls: unknown[] }[])[0]!.calls.length);
    assert.equal(read.kind, 'simulated', JSON.stringify(body).slice(0, 400));
    return read.kind === 'simulated' ? read.calls.map((call) => call.gasUsed) : [];
  };

  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 0, proxy: false });
    rpcUrl = sandbox.chains.find((chain) => chain.chainId === 11155111)!.rpcUrl!;
    const set = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [burner, '0x5b600056'] }),
    });
    assert.equal(set.status, 200);
    const options = {
      upstreamUrl: sandbox.serviceUrl,
      apiKey: sandbox.apiKey,
      port: 0,
      allowedOrigins: [ORIGIN],
      clientRateLimit: false as const,
      simulationRpcUrls: { '11155111': rpcUrl },
      onLog: log.onLog,
    };
    proxy = await startProxyServer(options);
    serverSide = await startProxyServer({ ...options, simulationWithoutOrigin: true });
  });
  after(async () => {
    await proxy?.close();
    await serverSide?.close();
    await sandbox?.close();
  });

  it('6. a relayed /simulate answer carries the security headers every other answer carries', async () => {
    const answer = await fetch(`${proxy.url}/simulate/11155111`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(simulationRequest([{ from, to: from, data: '0x', value: 1n }])),
    });
    assert.equal(answer.status, 200);
    const routed = await fetch(`${proxy.url}/api/v1/routes/chains`, { headers: { origin: ORIGIN } });
    assert.equal(routed.status, 200);
    for (const name of ['content-security-policy', 'x-content-type-options', 'content-type']) {
      assert.ok(routed.headers.get(name), name);
      assert.equal(answer.headers.get(name), routed.headers.get(name), name);
    }
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    await answer.body?.cancel();
    await routed.body?.cancel();
  });

  it("7. serves what the widget sends (one block of the route's calls) and nothing more: overrides, more blocks or calls, too much gas and no Origin are refused", async () => {
    // The most calls the widget sends: a route with as many approvals as the guards let through.
    const approvals = Array.from({ length: MAX_APPROVALS }, (_, i) => ({
      tokenAddress: `0x${'a'.repeat(39)}${i}` as const,
      spender: `0x${'b'.repeat(39)}${i}` as const,
      amount: 10n ** 18n,
    }));
    const route = { execution: { transaction: { to: burner, data: '0x', value: 0n } } };
    const largest = simulationCalls(from, route as unknown as Route, approvals as unknown as RequiredApproval[]);
    assert.equal(largest.length, SIMULATION_MAX_CALLS, 'each approval, the transaction, an allowance read per approval');
    // The widget's own request, at its largest: served.
    const widget = await simulate(simulationRequest(burn(SIMULATION_MAX_CALLS)));
    assert.equal(widget.status, 200);
    const used = gasUsed(widget.body);
    assert.equal(used.length, SIMULATION_MAX_CALLS);
    assert.ok(used.reduce((a, b) => a + b, 0n) <= SIMULATION_MAX_GAS_PER_REQUEST, `at most the request's gas: ${used.join(', ')}`);
    // One call that names no gas burns at most a call's cap (not the block's 30 million).
    const one = gasUsed((await simulate(simulationRequest(burn(1)))).body);
    const served = await simulate(simulationRequest(largest));
    assert.equal(served.status, 200, JSON.stringify(served.body));
    assert.equal(gasUsed(served.body).length, SIMULATION_MAX_CALLS);
    assert.ok(one[0]! <= SIMULATION_MAX_GAS_PER_CALL && one[0]! > 0n, String(one[0]));

    const base = simulationRequest(burn(1));
    const options = base.params[0] as Record<string, unknown>;
    const call = { from, to: burner, data: '0x' };
    const refused: [string, unknown][] = [
      [
        'a state override',
        { ...base, params: [{ ...options, blockStateCalls: [{ calls: [call], stateOverrides: { [from]: { balance: '0xffff' } } }] }, 'latest'] },
      ],
      ['a block override', { ...base, params: [{ ...options, blockStateCalls: [{ calls: [call], blockOverrides: { gasLimit: '0x2faf0800' } }] }, 'latest'] }],
      ['three blocks', { ...base, params: [{ ...options, blockStateCalls: [{ calls: [call] }, { calls: [call] }, { calls: [call] }] }, 'latest'] }],
      ['five calls', simulationRequest(burn(SIMULATION_MAX_CALLS + 1))],
      ['gas above the call cap', { ...base, params: [{ ...options, blockStateCalls: [{ calls: [{ ...call, gas: '0x1c9c380' }] }] }, 'latest'] }],
      [
        'gas above the request cap',
        {
          ...base,
          params: [
            { ...options, blockStateCalls: [{ calls: [1, 2, 3, 4].map(() => ({ ...call, gas: `0x${SIMULATION_MAX_GAS_PER_CALL.toString(16)}` })) }] },
            'latest',
          ],
        },
      ],
      ['another option', { ...base, params: [{ ...options, returnFullTransactions: true }, 'latest'] }],
      ['another block', { ...base, params: [options, '0x1'] }],
      ['a field the widget never sends', { ...base, params: [{ ...options, blockStateCalls: [{ calls: [{ ...call, nonce: '0x1' }] }] }, 'latest'] }],
    ];
    for (const [what, body] of refused) {
      const answer = await simulate(body);
      assert.equal(answer.status, 400, what);
      assert.equal(answer.body.code, 'proxy_simulation_not_allowed', what);
    }

    // No Origin: refused, unless the operator opted in for server-side callers.
    const anonymous = await simulate(simulationRequest(burn(1)), {});
    assert.equal(anonymous.status, 403);
    assert.equal(anonymous.body.code, 'proxy_origin_not_allowed');
    assert.equal((await simulate(simulationRequest(burn(1)), {}, serverSide.url)).status, 200);
    // The opt-in does not lift the bounds.
    assert.equal((await simulate(refused[0]![1], {}, serverSide.url)).status, 400);
  });
});

describe('8. the scrubber decodes before it looks', () => {
  const key = 'sk_live_abcDEF0123456789';
  const scrubber = createSecretScrubber(key);
  const percent = (text: string) => [...new TextEncoder().encode(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const decimal = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');
  const hex = (text: string) => [...text].map((char) => `&#x${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');

  for (const [what, encoded] of [
    ['percent-encoded twice', percent(key).replaceAll('%', '%25')],
    ['percent-encoded three times, lower and upper case', percent(key).replaceAll('%', '%25').replaceAll('%', '%25').toUpperCase()],
    ['percent-encoded twice after a stray %C3', `%C3${percent(key).replaceAll('%', '%25')}`],
    ['as decimal character references', decimal(key)],
    ['as hex character references without semicolons', hex(key)],
    ['with named references and leading zeros', key.replace('a', '&#0000097;').replace('_', '&lowbar;').replace('_', '&UnderBar;')],
    ['as character references of its percent-encoding', decimal(percent(key))],
    ['percent-encoded character references', percent(decimal(key))],
  ] as const) {
    it(`finds the key ${what}`, () => {
      const echoed = `https://api.example/error?next=${encoded}&x=1`;
      assert.equal(scrubber.text(echoed), '[redacted]', echoed);
      const json = scrubber.json(JSON.stringify({ message: `<p>bad key ${encoded}</p>`, ok: 1 }));
      assert.deepEqual(JSON.parse(json!), { message: '[redacted]', ok: 1 });
    });
  }

  it('leaves text without the key as it is', () => {
    for (const text of ['a &amp; b &#60;p&#62;', '%2541%25', 'sk_live_%2561bc', '&#x110000; &unknown;']) assert.equal(scrubber.text(text), text);
  });
});
