/**
 * `POST {mountPath}/simulate/{chainId}`: one JSON-RPC
 * `eth_simulateV1` request forwarded to the RPC the operator configured for
 * the chain, here a real JSON-RPC server on 127.0.0.1 that records what it
 * received. Nothing else passes, the routing key never reaches the RPC nor
 * comes back from it, and the routing key's quota is not spent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSimulationRpcUrls, proxyServerOptionsFromEnv } from '../../src/proxy/cli.js';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { rpcProxy, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_simulate_0123456789';
const JSON_HEADERS = { 'content-type': 'application/json' };
/** Browsers send `Origin` with every POST; a request without one is refused (test/node/proxy-promises.test.ts). */
const WIDGET_HEADERS = { ...JSON_HEADERS, origin: 'https://shop.example' };
const SIMULATION = {
  jsonrpc: '2.0',
  id: 7,
  method: 'eth_simulateV1',
  params: [
    {
      blockStateCalls: [{ calls: [{ from: '0x1111111111111111111111111111111111111111', to: '0x2222222222222222222222222222222222222222', value: '0x1' }] }],
      traceTransfers: true,
    },
    'latest',
  ],
};
/** What reaches the RPC: the same, each call with its gas cap (a call that names none gets its share of the request's). */
const FORWARDED = {
  ...SIMULATION,
  params: [
    {
      blockStateCalls: [
        { calls: [{ from: '0x1111111111111111111111111111111111111111', to: '0x2222222222222222222222222222222222222222', value: '0x1', gas: '0x4c4b40' }] },
      ],
      traceTransfers: true,
    },
    'latest',
  ],
};
const RESULT = { jsonrpc: '2.0', id: 7, result: [{ calls: [{ status: '0x1', gasUsed: '0x5208', logs: [], returnData: '0x' }] }] };

describe('the simulation endpoint', { timeout: 60_000 }, () => {
  let rpc: Upstream;
  let routing: Upstream;
  let proxy: RunningProxyServer;
  const fixture = rpcProxy(
    API_KEY,
    (rpcUrl) => ({ clientRateLimit: { limit: 40, windowMs: 60_000 }, simulationRpcUrls: { '11155111': `${rpcUrl}/rpc/sepolia` } }),
    RESULT,
  );
  before(() => ({ rpc, routing, proxy } = fixture));
  const simulate = (body: unknown, chainId = '11155111', headers: Record<string, string> = WIDGET_HEADERS) => fixture.post('simulate', body, chainId, headers);

  it('forwards one eth_simulateV1 request as sent (each call with its gas cap), without the API key or the client headers, and answers what the RPC answered', async () => {
    const answer = await simulate(SIMULATION, '11155111', { ...JSON_HEADERS, origin: 'https://shop.example', cookie: 'session=1', 'x-api-key': 'client-key' });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, RESULT);
    assert.equal(answer.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.equal(rpc.received.length, 1);
    const seen = rpc.received[0]!;
    assert.equal(`${seen.method} ${seen.url}`, 'POST /rpc/sepolia');
    const { id, ...forwarded } = JSON.parse(seen.body) as { id: unknown };
    assert.deepEqual({ ...forwarded, id: 7 }, FORWARDED);
    assert.ok(typeof id === 'number', "the RPC gets the proxy's own id; the answer carries the caller's");
    assert.equal(seen.headers['x-api-key'], undefined, 'the routing key is not sent to the RPC');
    assert.equal(seen.headers.cookie, undefined);
    assert.ok(!JSON.stringify(seen.rawHeaders).includes(API_KEY));
    assert.deepEqual(routing.calls, [], 'the routing service (and its quota) is not involved');
  });

  it('passes a JSON-RPC error as it is, and scrubs the key from anything the RPC returns', async () => {
    rpc.respond = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: `method not found for ${API_KEY}` } }));
    };
    const answer = await simulate(SIMULATION);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'method not found for [redacted]' } });
  });

  it('refuses other methods, batches and non-JSON-RPC bodies with 400 proxy_simulation_not_allowed, without calling the RPC', async () => {
    for (const body of [
      { ...SIMULATION, method: 'eth_call' },
      { ...SIMULATION, method: 'eth_sendRawTransaction' },
      [SIMULATION],
      [SIMULATION, SIMULATION],
      { ...SIMULATION, jsonrpc: '1.0' },
      { ...SIMULATION, params: 'x' },
      '"eth_simulateV1"',
    ]) {
      const answer = await simulate(body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.body.code, 'proxy_simulation_not_allowed');
    }
    assert.equal((await simulate('{not json')).body.code, 'proxy_invalid_json');
    assert.equal((await simulate(SIMULATION, '11155111', { ...WIDGET_HEADERS, 'content-type': 'text/plain' })).status, 415);
    assert.deepEqual(rpc.calls, []);
  });

  it('refuses a body over 256 KiB with 413, a chain with no RPC with 404, another method with 405', async () => {
    const big = { ...SIMULATION, params: [{ pad: 'x'.repeat(256 * 1024) }] };
    assert.equal((await simulate(big)).status, 413);
    const unknown = await simulate(SIMULATION, '84532');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'proxy_simulation_unavailable');
    const get = await fetch(`${proxy.url}/bridge/simulate/11155111`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
    assert.deepEqual(rpc.calls, []);
  });

  it('has its own deadline: an RPC that does not answer gets 504 proxy_simulation_timeout', async () => {
    rpc.respond = () => undefined;
    const answer = await simulate(SIMULATION);
    assert.equal(answer.status, 504);
    assert.equal(answer.body.code, 'proxy_simulation_timeout');
  });

  it('goes through the origin check and the flood limit like every route, and is not held by the routing quota', async () => {
    const refused = await simulate(SIMULATION, '11155111', { ...JSON_HEADERS, origin: 'https://evil.example' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'proxy_origin_not_allowed');
    // The routing service tells the key to wait: routes wait, simulations do not.
    routing.respond = (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' });
      res.end('{"error":"slow down"}');
    };
    assert.equal((await fetch(`${proxy.url}/bridge/api/v1/route-intent/i1/status`)).status, 429);
    assert.equal((await fetch(`${proxy.url}/bridge/api/v1/route-intent/i1/status`)).status, 429);
    assert.equal((await simulate(SIMULATION)).status, 200);
    // The flood limit counts simulations too.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await simulate(SIMULATION)).status);
    assert.ok(statuses.includes(429), 'the flood limit applies');
  });

  it('SIMULATION_RPC_URLS configures the command', async () => {
    assert.deepEqual(parseSimulationRpcUrls('11155111=https://rpc.example/a, 84532=http://127.0.0.1:8545'), {
      '11155111': 'https://rpc.example/a',
      '84532': 'http://127.0.0.1:8545',
    });
    const options = proxyServerOptionsFromEnv({
      ROUTING_API_URL: 'https://routing.example',
      ROUTING_API_KEY: API_KEY,
      SIMULATION_RPC_URLS: '1=https://rpc.example',
    });
    assert.deepEqual(options.simulationRpcUrls, { '1': 'https://rpc.example' });
    for (const bad of ['https://rpc.example', 'x=https://rpc.example', '=https://rpc.example'])
      assert.throws(() => parseSimulationRpcUrls(bad), /SIMULATION_RPC_URLS/);
    assert.rejects(
      startProxyServer({ upstreamUrl: 'https://routing.example', apiKey: API_KEY, port: 0, simulationRpcUrls: { '1': 'ftp://rpc.example' } }),
      /simulationRpcUrls/,
    );
  });
});

describe("the sandbox's proxy simulates on the sandbox chains", { timeout: 60_000 }, () => {
  let sandbox: SandboxHandle;
  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 0 });
  });
  after(async () => {
    await sandbox.close();
  });

  it('forwards to the chain RPC it serves, and refuses chains it does not', async () => {
    for (const chain of sandbox.chains) {
      const response = await fetch(`${sandbox.proxyUrl}/simulate/${chain.chainId}`, {
        method: 'POST',
        headers: WIDGET_HEADERS,
        body: JSON.stringify(SIMULATION),
      });
      assert.equal(response.status, 200, String(chain.chainId));
      // The chain's own JSON-RPC answer, passed as it is (a result where the node simulates, an error where it cannot).
      const answer = (await response.json()) as { jsonrpc: string; id: number; result?: unknown; error?: unknown };
      assert.equal(answer.jsonrpc, '2.0');
      assert.equal(answer.id, 7);
      assert.ok('result' in answer || 'error' in answer);
    }
    const unknown = await fetch(`${sandbox.proxyUrl}/simulate/1`, { method: 'POST', headers: WIDGET_HEADERS, body: JSON.stringify(SIMULATION) });
    assert.equal(unknown.status, 404);
  });
});
