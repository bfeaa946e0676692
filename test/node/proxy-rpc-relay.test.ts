/**
 * The proxy's JSON-RPC relays (`/read`, `/simulate`) hold what the
 * operator pays for and keeps secret, each the way it was found: on a real
 * anvil, a `balanceOf` whose code reports the gas it got and contracts that
 * answer more than a word, and a chain deeper than a full node keeps; an RPC
 * on 127.0.0.1 that quotes its own keyed URL in its errors, as providers do
 * on 401; and JSON-RPC ids built to decode eight times over, which cost the
 * proxy seconds of CPU (and every other visitor that time) when they came
 * back through the RPC's answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAnvil, type AnvilChain } from '../../sandbox/chains/anvil.js';
import { DEV_MNEMONIC } from '../../sandbox/chains/accounts.js';
import { startProxyServer, type NodeProxyServerOptions, type RunningProxyServer } from '../../src/proxy/node.js';
import { READ_CALL_GAS } from '../../src/proxy/chain-read.js';
import { MAX_STATE_DEPTH_BLOCKS } from '../../src/proxy/rpc-guard.js';
import { logWatcher, startUpstream, type Upstream } from './helpers/proxy-upstream.js';

const API_KEY = 'rk_live_rpc_relay_0123456789';
const ORIGIN = 'https://shop.example';
const HEADERS = { 'content-type': 'application/json', origin: ORIGIN };
const CHAIN = '84532';
/** The first development account, funded with 1 ether. */
const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

/** `balanceOf(ACCOUNT)` calldata. */
const BALANCE_OF = `0x70a08231${'0'.repeat(24)}${ACCOUNT.slice(2)}`;
/** Runtime code: GAS, MSTORE at 0, RETURN 32 bytes: a balanceOf that answers the gas it was given. */
const GAS_REPORTER = '0x5a60005260206000f3';
/** Runtime code: RETURN `size` zero bytes from memory. */
const returning = (size: number) => `0x62${size.toString(16).padStart(6, '0')}6000f3`;

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = HEADERS) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as { code?: string; id?: unknown; result?: unknown; error?: { message?: string } } };
}

const rpcCall = (method: string, params: unknown[], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });

/** A proxy for the shop's page in front of `routing`, relaying chain `CHAIN` to `rpcUrl`. */
const relayingProxy = (routing: Upstream, rpcUrl: string, options: Partial<NodeProxyServerOptions> = {}) =>
  startProxyServer({
    upstreamUrl: routing.url,
    apiKey: API_KEY,
    port: 0,
    allowedOrigins: [ORIGIN],
    clientRateLimit: false,
    rpcUrls: { [CHAIN]: rpcUrl },
    ...options,
  });

describe('/read is bounded like /simulate (a real anvil)', { timeout: 120_000 }, () => {
  let anvil: AnvilChain;
  let routing: Upstream;
  let proxy: RunningProxyServer;
  const at = (index: number) => `0x${'c0de'.repeat(9)}${String(index).padStart(4, '0')}`;
  const setCode = (address: string, code: string) => anvil.provider.request({ method: 'anvil_setCode', params: [address, code] });
  const read = (body: unknown) => post(proxy.url, `/read/${CHAIN}`, body);

  before(async () => {
    // A chain as deep as a long-lived one: its genesis is block 20,000.
    anvil = await startAnvil({
      chainId: Number(CHAIN),
      name: 'Base Sepolia',
      port: 0,
      mnemonic: DEV_MNEMONIC,
      accounts: 1,
      balanceEther: 1n,
      firstBlock: 20_000,
    });
    await setCode(at(1), GAS_REPORTER);
    await setCode(at(2), returning(3 * 1024 * 1024));
    await setCode(at(3), returning(64));
    await setCode(at(4), returning(100 * 1024));
    routing = await startUpstream();
    proxy = await relayingProxy(routing, anvil.url);
  });
  after(async () => {
    await proxy?.close();
    await routing?.close();
    await anvil?.close();
  });

  it(`an eth_call of balanceOf runs with at most ${READ_CALL_GAS} gas, not the RPC's whole cap`, async () => {
    const answer = await read(rpcCall('eth_call', [{ to: at(1), data: BALANCE_OF }, 'latest']));
    assert.equal(answer.status, 200, answer.text);
    const gas = BigInt(answer.body.result as string);
    assert.ok(gas > 0n && gas < BigInt(READ_CALL_GAS), `the call had ${gas} gas left when it asked`);
  });

  it('an answer larger than the one word balanceOf returns is never relayed', async () => {
    // 3 MiB: more gas than a balanceOf gets, so the RPC answers an error of a few bytes (it relayed 6.3 MB before).
    const huge = await read(rpcCall('eth_call', [{ to: at(2), data: BALANCE_OF }, 'latest']));
    assert.ok(huge.text.length < 4096, `${huge.text.length} bytes relayed`);
    assert.equal(huge.body.result, undefined);
    // 64 bytes: a word too many.
    const wide = await read(rpcCall('eth_call', [{ to: at(3), data: BALANCE_OF }, 'latest']));
    assert.deepEqual([wide.status, wide.body.code], [502, 'proxy_upstream_invalid_response']);
    // 100 KiB, within the gas: the proxy stops reading at 4 KiB.
    const long = await read(rpcCall('eth_call', [{ to: at(4), data: BALANCE_OF }, 'latest']));
    assert.deepEqual([long.status, long.body.code], [502, 'proxy_upstream_too_large']);
  });

  it(`state more than ${MAX_STATE_DEPTH_BLOCKS} blocks below the head (0x0, earliest) is refused; a recent receipt's block and the one before are read`, async () => {
    await anvil.provider.request({ method: 'anvil_mine', params: ['0x2'] });
    const head = BigInt((await anvil.provider.request({ method: 'eth_blockNumber', params: [] })) as string);
    assert.ok(head > MAX_STATE_DEPTH_BLOCKS + 1n);
    for (const block of ['0x0', 'earliest', `0x${(head - MAX_STATE_DEPTH_BLOCKS - 1n).toString(16)}`]) {
      const balance = await read(rpcCall('eth_getBalance', [ACCOUNT, block]));
      assert.deepEqual([balance.status, balance.body.code], [400, 'proxy_read_not_allowed'], `eth_getBalance at ${block}`);
      const call = await read(rpcCall('eth_call', [{ to: at(1), data: BALANCE_OF }, block]));
      assert.deepEqual([call.status, call.body.code], [400, 'proxy_read_not_allowed'], `eth_call at ${block}`);
    }
    for (const block of [head, head - 1n]) {
      const balance = await read(rpcCall('eth_getBalance', [ACCOUNT, `0x${block.toString(16)}`]));
      assert.equal(balance.status, 200, balance.text);
      assert.equal(BigInt(balance.body.result as string), 10n ** 18n);
    }
    // At the bound: forwarded (this chain has no such block, and says so).
    const deepest = await read(rpcCall('eth_getBalance', [ACCOUNT, `0x${(head - MAX_STATE_DEPTH_BLOCKS).toString(16)}`]));
    assert.equal(deepest.body.code, undefined, deepest.text);
    // A block header at any depth is no state: still read.
    assert.equal((await read(rpcCall('eth_getBlockByNumber', ['0x0', false]))).status, 200);
  });
});

describe("the RPC's keyed URL never reaches a browser or the log", { timeout: 60_000 }, () => {
  const PATH_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const QUERY_SECRET = 'qk_9f8e7d6c5b4a39281706f5e4';
  let keyed: Upstream;
  let routing: Upstream;
  let proxy: RunningProxyServer;
  let rpcUrl: string;
  const log = logWatcher();
  /** The forms a provider's error might carry a secret in. */
  const forms = (secret: string) => {
    const bytes = Buffer.from(secret);
    return [
      secret,
      secret.toUpperCase(),
      encodeURIComponent(secret),
      bytes.toString('hex'),
      bytes.toString('base64').slice(0, -4),
      bytes.toString('base64url').slice(0, -4),
      Buffer.concat([Buffer.from('x'), bytes])
        .toString('base64')
        .slice(4, -4),
    ];
  };

  before(async () => {
    // As providers answer a refused project: 401 with a JSON-RPC error quoting the URL it was called at, in a few encodings.
    keyed = await startUpstream((req, res, body) => {
      const url = `${rpcUrl.slice(0, rpcUrl.indexOf('/v3/'))}${req.url}`;
      const id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: {
            code: -32001,
            message: `invalid project id: ${url}`,
            data: {
              see: encodeURIComponent(url),
              twice: encodeURIComponent(encodeURIComponent(url)),
              html: [...PATH_SECRET].map((c) => `&#${c.charCodeAt(0)};`).join(''),
              project: Buffer.from(PATH_SECRET).toString('base64'),
              key: Buffer.from(QUERY_SECRET).toString('hex'),
            },
          },
        }),
      );
    });
    rpcUrl = `${keyed.url}/v3/${PATH_SECRET}?key=${QUERY_SECRET}`;
    routing = await startUpstream();
    proxy = await relayingProxy(routing, rpcUrl, { onLog: log.onLog });
  });
  after(async () => {
    await proxy?.close();
    await keyed?.close();
    await routing?.close();
  });

  it('is scrubbed from /read and /simulate answers in every encoding the key scrubber handles, and never logged', async () => {
    const answers = [
      await post(proxy.url, `/read/${CHAIN}`, rpcCall('eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`])),
      await post(proxy.url, `/simulate/${CHAIN}`, rpcCall('eth_simulateV1', [{ blockStateCalls: [{ calls: [{ from: ACCOUNT, to: ACCOUNT }] }] }, 'latest'])),
    ];
    assert.equal(keyed.calls.length, 2, 'both reached the RPC');
    for (const answer of answers) {
      assert.equal(answer.status, 401);
      assert.ok(answer.body.error?.message?.startsWith('invalid project id: '), answer.text);
      for (const secret of [PATH_SECRET, QUERY_SECRET, rpcUrl]) {
        for (const form of forms(secret)) assert.ok(!answer.text.includes(form), `${form} in ${answer.text}`);
      }
    }
    assert.ok(log.lines.length > 0);
    for (const line of log.lines) for (const secret of [PATH_SECRET, QUERY_SECRET]) assert.ok(!line.includes(secret), line);
  });
});

describe('an echoed id cannot stall the proxy', { timeout: 60_000 }, () => {
  let rpc: Upstream;
  let routing: Upstream;
  let proxy: RunningProxyServer;
  /** 250 KiB that percent-decode eight times over. */
  let nested = 'A';
  for (let round = 0; round < 8; round++) nested = encodeURIComponent(round === 0 ? '%41' : nested);
  const HUGE = nested.repeat(Math.ceil((250 * 1024) / nested.length)).slice(0, 250 * 1024);
  let quoteAnswer = '{}';

  before(async () => {
    rpc = await startUpstream((_req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id?: unknown }).id ?? null, result: null }));
    });
    routing = await startUpstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '100000', 'x-ratelimit-remaining': '90000' });
      res.end(req.url?.endsWith('/routes/quote') ? quoteAnswer : JSON.stringify([{ chainId: 1, name: 'Ethereum' }]));
    });
    proxy = await relayingProxy(routing, rpc.url);
  });
  after(async () => {
    await proxy?.close();
    await rpc?.close();
    await routing?.close();
  });

  /**
   * CPU time (this process: the proxy, its upstreams and the test's own requests) that `load` costs. CPU, not wall
   * time: what a busy proxy takes from every other visitor, whatever else the machine is doing.
   */
  async function cpuMs(load: () => Promise<unknown>[]): Promise<number> {
    const before = process.cpuUsage();
    await Promise.all(load());
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  }

  it("the RPC gets the proxy's own id, the caller gets its own back, and an id longer than 128 characters is refused", async () => {
    for (const id of [7, 'seven', null]) {
      rpc.received.length = 0;
      const answer = await post(proxy.url, `/read/${CHAIN}`, rpcCall('eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`], id));
      assert.equal(answer.status, 200);
      assert.equal(answer.body.id, id);
      assert.equal(typeof JSON.parse(rpc.received[0]!.body).id, 'number');
    }
    rpc.received.length = 0;
    for (const id of ['x'.repeat(129), { a: 1 }, 1.5, [1]]) {
      const refused = await post(proxy.url, `/read/${CHAIN}`, rpcCall('eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`], id));
      assert.deepEqual([refused.status, refused.body.code], [400, 'proxy_read_not_allowed'], JSON.stringify(id).slice(0, 20));
    }
    assert.equal(rpc.received.length, 0);
  });

  it('30 reads with a 250 KiB id built to decode eight times cost the proxy milliseconds of CPU, not seconds', async () => {
    const ms = await cpuMs(() =>
      Array.from({ length: 30 }, () => post(proxy.url, `/read/${CHAIN}`, rpcCall('eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`], HUGE))),
    );
    assert.ok(ms < 1_500, `${ms.toFixed(0)} ms of CPU`);
  });

  it('the scrubber works in bounded time per answer: 30 answers carrying 250 KiB that decode eight times cost milliseconds of CPU', async () => {
    quoteAnswer = JSON.stringify({ id: 'q', note: HUGE });
    const ms = await cpuMs(() =>
      Array.from({ length: 30 }, (_, i) => post(proxy.url, '/api/v1/routes/quote', { i }, { 'content-type': 'application/json', origin: ORIGIN })),
    );
    assert.ok(ms < 1_500, `${ms.toFixed(0)} ms of CPU`);
  });
});
