/**
 * `POST {mountPath}/read/{chainId}`: the destination-chain reads
 * that check a transfer's arrival, forwarded to the RPC configured for the
 * chain (a real JSON-RPC server on 127.0.0.1 that records what it received).
 * Only the allow-listed reads with checked parameters pass; the guard is
 * /simulate's (origin, flood limit, size, deadline). The
 * proxy also says which chains it can simulate and read, at start-up and on
 * /healthz.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { proxyServerOptionsFromEnv } from '../../src/proxy/cli.js';
import type { RunningProxyServer } from '../../src/proxy/node.js';
import { rpcProxy, startProxyCommand, startUpstream, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_read_0123456789abcdef';
// As the widget sends them: a browser's POST always carries Origin (a request without one is refused, as on /simulate).
const JSON_HEADERS = { 'content-type': 'application/json', origin: 'https://shop.example' };
const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x1111111111111111111111111111111111111111';
const TOKEN = '0x2222222222222222222222222222222222222222';
const BALANCE_OF = `0x70a08231${'0'.repeat(24)}${ADDRESS.slice(2)}`;
const rpcCall = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: 3, method, params });
/** A balance (one 32-byte word from `balanceOf`, a quantity from `eth_getBalance`), the head at block 0x20, null for the rest. */
const RESULTS: Record<string, unknown> = { eth_blockNumber: '0x20', eth_call: `0x${'0'.repeat(62)}05`, eth_getBalance: '0x5' };
const answerLikeAnRpc = (call: { id: unknown; method: string }) => ({ jsonrpc: '2.0', id: call.id, result: RESULTS[call.method] ?? null });

/** Every read the arrival check makes. */
const ALLOWED = [
  rpcCall('eth_getTransactionReceipt', [HASH]),
  rpcCall('eth_getBlockByNumber', ['0x1f', false]),
  rpcCall('eth_getBlockByNumber', ['latest', false]),
  rpcCall('eth_getBlockByHash', [HASH, false]),
  rpcCall('eth_call', [{ to: TOKEN, data: BALANCE_OF }, '0x1f']),
  rpcCall('eth_getBalance', [ADDRESS, '0x1e']),
];

/** Writes, other calls, overrides, full blocks, logs: none reaches the RPC. */
const REFUSED = [
  rpcCall('eth_sendRawTransaction', ['0x02f8']),
  rpcCall('eth_sendTransaction', [{ from: ADDRESS, to: TOKEN }]),
  rpcCall('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]),
  rpcCall('eth_simulateV1', [{ blockStateCalls: [] }, 'latest']),
  rpcCall('debug_traceCall', [{ to: TOKEN }, 'latest']),
  rpcCall('eth_getBlockByNumber', ['0x1f', true]),
  rpcCall('eth_getBlockByHash', [HASH, true]),
  rpcCall('eth_getTransactionReceipt', ['0x1234']),
  rpcCall('eth_getTransactionReceipt', [HASH, HASH]),
  // transfer(address,uint256), not balanceOf
  rpcCall('eth_call', [{ to: TOKEN, data: `0xa9059cbb${'0'.repeat(24)}${ADDRESS.slice(2)}${'0'.repeat(63)}1` }, 'latest']),
  rpcCall('eth_call', [{ to: TOKEN, data: BALANCE_OF }, 'latest', { [TOKEN]: { code: '0x00' } }]),
  rpcCall('eth_call', [{ to: TOKEN, data: BALANCE_OF, from: ADDRESS }, 'latest']),
  rpcCall('eth_call', [{ to: TOKEN, data: `${BALANCE_OF}00` }, 'latest']),
  rpcCall('eth_call', [{ to: TOKEN, input: BALANCE_OF }, 'latest']),
  rpcCall('eth_getBalance', [ADDRESS, 'pending']),
  rpcCall('eth_getBalance', [ADDRESS, { blockHash: HASH }]),
  [rpcCall('eth_getTransactionReceipt', [HASH])],
];

describe('the chain read endpoint', { timeout: 60_000 }, () => {
  let rpc: Upstream;
  let routing: Upstream;
  let proxy: RunningProxyServer;
  const fixture = rpcProxy(
    API_KEY,
    (rpcUrl) => ({
      clientRateLimit: { limit: 60, windowMs: 60_000 },
      simulationRpcUrls: { '11155111': `${rpcUrl}/rpc/sepolia` },
      rpcUrls: { '84532': `${rpcUrl}/rpc/base` },
    }),
    answerLikeAnRpc,
  );
  before(() => ({ rpc, routing, proxy } = fixture));
  const read = (body: unknown, chainId = '84532', headers: Record<string, string> = JSON_HEADERS) => fixture.post('read', body, chainId, headers);

  it("forwards each allowed read as sent (a balanceOf with the proxy's gas cap), without the API key or the client headers, to the RPC of that chain", async () => {
    for (const body of ALLOWED) {
      rpc.received.length = 0;
      const answer = await read(body, '84532', { ...JSON_HEADERS, origin: 'https://shop.example', cookie: 'session=1' });
      assert.equal(answer.status, 200, JSON.stringify(body));
      assert.deepEqual(answer.body, { jsonrpc: '2.0', id: 3, result: RESULTS[body.method] ?? null });
      // A read of state at a block number first asks the chain's head (the depth check).
      const seen = rpc.received.find((call) => JSON.parse(call.body).method !== 'eth_blockNumber')!;
      assert.equal(`${seen.method} ${seen.url}`, 'POST /rpc/base');
      const { id, ...forwarded } = JSON.parse(seen.body) as { id: unknown; params: unknown[] };
      const expected = body.method === 'eth_call' ? { ...body, params: [{ ...(body.params[0] as object), gas: '0x186a0' }, body.params[1]] } : body;
      assert.deepEqual({ ...forwarded, id: 3 }, expected);
      assert.ok(typeof id === 'number', "the RPC gets the proxy's own id");
      assert.equal(seen.headers.cookie, undefined);
      assert.ok(!JSON.stringify(seen.rawHeaders).includes(API_KEY));
    }
    // simulationRpcUrls serves reads too: one setting for both.
    assert.equal((await read(ALLOWED[0], '11155111')).status, 200);
    assert.equal(rpc.received.at(-1)?.url, '/rpc/sepolia');
    assert.deepEqual(routing.calls, [], 'the routing service (and its quota) is not involved');
  });

  it('refuses writes, other methods, full blocks, logs, state overrides, extra fields and batches with 400 proxy_read_not_allowed, without calling the RPC', async () => {
    for (const body of REFUSED) {
      const answer = await read(body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.body.code, 'proxy_read_not_allowed', JSON.stringify(body));
    }
    assert.deepEqual(rpc.calls, []);
  });

  it('has /simulate limits: a chain with no RPC 404, over 256 KiB 413, not JSON 415, another method 405, its deadline 504', async () => {
    const unknown = await read(ALLOWED[0], '1');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'proxy_simulation_unavailable');
    assert.equal((await read({ ...ALLOWED[0], pad: 'x'.repeat(256 * 1024) })).status, 413);
    assert.equal((await read(ALLOWED[0], '84532', { 'content-type': 'text/plain', origin: 'https://shop.example' })).status, 415);
    const get = await fetch(`${proxy.url}/bridge/read/84532`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
    assert.deepEqual(rpc.calls, []);
    rpc.respond = () => undefined;
    const slow = await read(ALLOWED[0]);
    assert.equal(slow.status, 504);
    assert.equal(slow.body.code, 'proxy_simulation_timeout');
  });

  it('goes through the origin check, the Host check and the flood limit', async () => {
    const refused = await read(ALLOWED[0], '84532', { ...JSON_HEADERS, origin: 'https://evil.example' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'proxy_origin_not_allowed');
    const withoutOrigin = await read(ALLOWED[0], '84532', { 'content-type': 'application/json' });
    assert.equal(withoutOrigin.status, 403, 'a caller that sends no Origin is no browser: refused unless the operator opts in');
    const preflight = await fetch(`${proxy.url}/bridge/read/84532`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('allow'), 'POST, OPTIONS');
    assert.deepEqual(rpc.calls, []);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await read(ALLOWED[0])).status);
    assert.ok(statuses.includes(429), 'the flood limit applies');
  });

  it('says on /healthz which chains it simulates and reads', async () => {
    const health = await fetch(`${proxy.url}/bridge/healthz`);
    const body = (await health.json()) as { rpcChains: string[] };
    assert.deepEqual(body.rpcChains, ['84532', '11155111']);
  });
});

describe('the command says at start-up which chains it simulates and reads', { timeout: 60_000 }, () => {
  it('with RPC_URLS and SIMULATION_RPC_URLS: one line naming both chains', async () => {
    const routing = await startUpstream();
    const command = await startProxyCommand({
      ROUTING_API_URL: routing.url,
      ROUTING_API_KEY: API_KEY,
      RPC_URLS: '84532=http://127.0.0.1:1/base',
      SIMULATION_RPC_URLS: '11155111=http://127.0.0.1:1/sepolia',
    });
    try {
      await command.log.next((line) => line.startsWith('bridge-widget-proxy: rpc:'));
      assert.ok(
        command.log.lines.includes(
          "bridge-widget-proxy: rpc: simulation and chain reads for chains 84532, 11155111; other chains' routes are not simulated and arrivals there are not checked on the chain",
        ),
        command.log.lines.join('\n'),
      );
      const body = (await (await fetch(`${command.url}/healthz`)).json()) as { rpcChains: string[] };
      assert.deepEqual(body.rpcChains, ['84532', '11155111']);
    } finally {
      await command.kill();
      await routing.close();
    }
  });

  it('without: what users lose', async () => {
    const routing = await startUpstream();
    const command = await startProxyCommand({ ROUTING_API_URL: routing.url, ROUTING_API_KEY: API_KEY });
    try {
      await command.log.next((line) => line.startsWith('bridge-widget-proxy: rpc:'));
      assert.ok(
        command.log.lines.some((line) => /rpc: none configured \(RPC_URLS\): routes are not simulated .* arrivals are not checked/.test(line)),
        command.log.lines.join('\n'),
      );
      const body = (await (await fetch(`${command.url}/healthz`)).json()) as { rpcChains: string[] };
      assert.deepEqual(body.rpcChains, []);
    } finally {
      await command.kill();
      await routing.close();
    }
  });
});

describe('RPC_URLS', () => {
  it('RPC_URLS configures the command; SIMULATION_RPC_URLS is still read, RPC_URLS wins per chain', () => {
    const options = proxyServerOptionsFromEnv({
      ROUTING_API_URL: 'https://routing.example',
      ROUTING_API_KEY: API_KEY,
      RPC_URLS: '84532=https://base.example, 1=https://one.example',
      SIMULATION_RPC_URLS: '1=https://old.example,11155111=https://sepolia.example',
    });
    assert.deepEqual(options.rpcUrls, { '84532': 'https://base.example', '1': 'https://one.example' });
    assert.deepEqual(options.simulationRpcUrls, { '1': 'https://old.example', '11155111': 'https://sepolia.example' });
    assert.throws(() => proxyServerOptionsFromEnv({ ROUTING_API_URL: 'https://r.example', ROUTING_API_KEY: API_KEY, RPC_URLS: 'x=1' }), /RPC_URLS/);
  });
});
