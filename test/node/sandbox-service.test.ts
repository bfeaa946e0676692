/**
 * The sandbox routing service's HTTP contract in detail (called directly with
 * the API key, as the proxy would), plus its JSON-RPC servers, admin
 * endpoints, explorer and fault switches.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPublicClient, createWalletClient, custom, erc20Abi, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { SandboxTokenAbi } from '../../sandbox/artifacts/abis.js';
import { NATIVE_TOKEN_ADDRESS, startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { rawApiClient, type RawApiClient } from '../../sandbox/testing.js';
import { DST as BASE, SRC as SEPOLIA } from './helpers/chains.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let sandbox: SandboxHandle;
let api: RawApiClient;
let admin: RawApiClient;

before(async () => {
  sandbox = await startSandbox({ proxy: false, bridgingDelayMs: 0, balanceDeadlineMs: 300 });
  api = rawApiClient(sandbox.serviceUrl, sandbox.apiKey);
  admin = rawApiClient(sandbox.adminUrl);
});

after(async () => {
  await sandbox?.close();
});

function usdc(chainId: number): Address {
  const found = sandbox.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC');
  assert.ok(found);
  return found.address;
}

const quoteBody = () => ({
  fromChain: String(SEPOLIA),
  toChain: String(BASE),
  fromToken: usdc(SEPOLIA),
  toToken: usdc(BASE),
  fromAmount: '5000000',
  fromAddress: sandbox.accounts.user.address,
  toAddress: sandbox.accounts.user.address,
});

describe('authentication, request IDs, CORS, versioning', () => {
  test('missing or unknown API key: 401 with the request ID in the body', async () => {
    const anonymous = rawApiClient(sandbox.serviceUrl);
    for (const headers of [{}, { 'x-api-key': 'not-a-key' }] as Record<string, string>[]) {
      const response = await anonymous.get<{ error: string; requestId: string }>('/api/v1/routes/chains', headers);
      assert.equal(response.status, 401);
      assert.equal(response.body.error, 'Invalid API key');
      assert.match(response.body.requestId, UUID);
      assert.equal(response.body.requestId, response.headers.get('x-request-id'));
      assert.ok(response.headers.get('x-ratelimit-limit'));
    }
  });

  test('validate: active key info with heartbeat quote; inactive key reports valid:false', async () => {
    const active = await api.get<Record<string, unknown>>('/api/v1/sdk/validate');
    assert.equal(active.status, 200);
    assert.equal(active.body.valid, true);
    assert.equal(active.body.status, 'active');
    for (const field of ['message', 'key_id', 'label', 'project_id', 'created_at', 'last_used_at']) {
      assert.equal(typeof active.body[field], 'string', field);
    }
    const quote = active.body.quote as { id: string; text: string };
    assert.equal(typeof quote.id, 'string');
    assert.equal(typeof quote.text, 'string');

    const inactive = rawApiClient(sandbox.serviceUrl, sandbox.inactiveApiKey);
    const info = await inactive.get<{ valid: boolean; status: string }>('/api/v1/sdk/validate');
    assert.equal(info.status, 200);
    assert.deepEqual([info.body.valid, info.body.status], [false, 'inactive']);
    assert.equal((await inactive.get('/api/v1/routes/chains')).status, 401);
  });

  test('every response carries a fresh X-Request-Id; a client-sent one is ignored', async () => {
    const sent = '11111111-1111-4111-8111-111111111111';
    const first = await api.get('/api/v1/routes/chains', { 'x-request-id': sent });
    const second = await api.get('/api/v1/nope');
    assert.match(first.headers.get('x-request-id') ?? '', UUID);
    assert.notEqual(first.headers.get('x-request-id'), sent);
    assert.equal(second.status, 404);
    assert.match(second.headers.get('x-request-id') ?? '', UUID);
    assert.notEqual(first.headers.get('x-request-id'), second.headers.get('x-request-id'));
  });

  test('CORS preflight is answered and exposes the spec headers', async () => {
    const response = await fetch(`${sandbox.serviceUrl}/api/v1/routes/quote`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /x-api-key/i);
    const get = await api.get('/api/v1/routes/chains', { origin: 'http://localhost:5173' });
    assert.match(get.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/);
  });

  test('legacy unversioned aliases work with deprecation headers until the sunset', async () => {
    const legacy = await api.get<unknown[]>('/api/routes/chains');
    if (Date.now() > Date.parse('Wed, 31 Dec 2026 23:59:59 GMT')) {
      assert.equal(legacy.status, 410);
      return;
    }
    assert.equal(legacy.status, 200);
    assert.equal(legacy.headers.get('deprecation'), 'true');
    assert.equal(legacy.headers.get('sunset'), 'Wed, 31 Dec 2026 23:59:59 GMT');
    assert.equal(legacy.headers.get('link'), `<${sandbox.serviceUrl}/api/v1/routes/chains>; rel="successor-version"`);
    const current = await api.get('/api/v1/routes/chains');
    assert.equal(current.headers.get('deprecation'), null);
    assert.deepEqual(legacy.body, current.body);
  });
});

describe('discovery endpoints', () => {
  test('chains: local EVM chains with live RPC URLs plus informational entries', async () => {
    const response = await api.get<Record<string, unknown>[]>('/api/v1/routes/chains');
    const byId = new Map(response.body.map((c) => [c.chainId, c]));
    for (const chain of sandbox.chains) {
      const entry = byId.get(String(chain.chainId));
      assert.ok(entry);
      assert.equal(entry.id, String(chain.chainId));
      assert.equal(entry.chainType, 'evm');
      assert.equal(entry.type, 'evm');
      assert.equal(entry.rpc, chain.rpcUrl);
      assert.deepEqual(entry.blockExplorerUrls, [chain.explorerUrl]);
      assert.ok(Array.isArray(entry.providersSupported));
    }
    assert.equal(byId.get('cataclysm-1')?.chainType, 'cosmos');
    assert.equal(byId.get('osmosis-1')?.chainType, 'cosmos');
    assert.equal(byId.get('sui-mainnet')?.chainType, 'sui');
    assert.equal(byId.get('1329')?.chainType, 'evm');
    assert.equal(byId.has('pacific-1'), false);
    assert.ok(response.body.some((c) => Object.keys(c).some((k) => /ChainName$/.test(k) && k !== 'chainName')));
    const icon = await fetch(String(byId.get(String(SEPOLIA))?.chainIconURI));
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
    assert.match(await icon.text(), /^<svg/);
  });

  test('tokens carry usdPrice and a served logoURI; bad paging input is 400', async () => {
    const tokens = await api.get<{ symbol: string; usdPrice: number; logoURI: string; chainId: string }[]>('/api/v1/routes/tokens');
    const usdcToken = tokens.body.find((t) => t.symbol === 'USDC' && t.chainId === String(SEPOLIA));
    assert.equal(usdcToken?.usdPrice, 1);
    assert.equal((await fetch(usdcToken?.logoURI ?? '')).status, 200);
    assert.equal((await api.get('/api/v1/routes/tokens?limit=0')).status, 400);
    assert.equal((await api.get('/api/v1/routes/tokens?cursor=garbage')).status, 400);
    const empty = await api.get<{ data: unknown[]; nextCursor: null }>('/api/v1/routes/tokens?q=');
    assert.ok(Array.isArray(empty.body.data), 'an empty parameter still selects the paginated shape');
  });

  test('balances: real on-chain reads; a slow chain gives partial:true with a per-chain error', async () => {
    const user = sandbox.accounts.user.address;
    const full = await api.get<{
      partial: boolean;
      results: { chain_id: string; error: string | null; balances: { category: string; contract?: string; balance: string }[] }[];
    }>(`/api/v1/data/balances/${user}`);
    assert.equal(full.body.partial, false);
    const sepolia = full.body.results.find((r) => r.chain_id === String(SEPOLIA));
    const usdcRow = sepolia?.balances.find((b) => b.contract === usdc(SEPOLIA));
    const onChain = await sandbox.chain(SEPOLIA).publicClient.readContract({ address: usdc(SEPOLIA), abi: erc20Abi, functionName: 'balanceOf', args: [user] });
    assert.equal(usdcRow?.balance, onChain.toString());
    assert.ok(sepolia?.balances.some((b) => b.category === 'native'));

    sandbox.faults.set({ slowBalanceChains: [String(BASE)] });
    try {
      const partial = await api.get<typeof full.body>(`/api/v1/data/balances/${user}`);
      assert.equal(partial.body.partial, true);
      const slow = partial.body.results.find((r) => r.chain_id === String(BASE));
      assert.match(String(slow?.error), /Timed out/);
      assert.equal(partial.body.results.find((r) => r.chain_id === String(SEPOLIA))?.error, null);
    } finally {
      sandbox.reset();
    }
    assert.equal((await api.get('/api/v1/data/balances/not-an-address')).status, 400);
  });

  test('allowance: real eth_call, lowercased fields, 400s and the RPC failure fault', async () => {
    const user = sandbox.accounts.extraUsers[0];
    assert.ok(user);
    const chain = sandbox.chain(SEPOLIA);
    const spender = chain.contracts.swiftTokenTransferProxy;
    const wallet = createWalletClient({ account: privateKeyToAccount(user.privateKey), chain: chain.viemChain, transport: custom(chain.provider) });
    const hash = await wallet.writeContract({ address: usdc(SEPOLIA), abi: erc20Abi, functionName: 'approve', args: [spender, 777n] });
    const query = (overrides: Record<string, string> = {}) =>
      `/api/v1/sdk/rpc/evm/allowance?${new URLSearchParams({
        chainId: String(SEPOLIA),
        tokenAddress: usdc(SEPOLIA),
        ownerAddress: user.address,
        spenderAddress: spender,
        ...overrides,
      })}`;
    const ok = await api.get<{ success: boolean; data: Record<string, string> }>(query());
    assert.equal(ok.status, 200);
    assert.equal(ok.body.success, true);
    assert.equal(ok.body.data.allowance, '777');
    assert.equal(ok.body.data.spenderAddress, spender.toLowerCase());
    assert.equal(ok.body.data.tokenAddress, usdc(SEPOLIA).toLowerCase());
    assert.equal(ok.body.data.chainId, String(SEPOLIA));
    assert.equal(ok.body.data.rpcHost, new URL(chain.rpcUrl ?? '').host);

    const native = await api.get<{ data: { allowance: string } }>(query({ tokenAddress: NATIVE_TOKEN_ADDRESS }));
    assert.equal(native.body.data.allowance, (2n ** 256n - 1n).toString());

    for (const bad of [query({ chainId: '1' }), query({ ownerAddress: '0x123' }), query().replace(/&spenderAddress=[^&]+/, '')]) {
      const response = await api.get<{ success: boolean; error: string; requestId: string }>(bad);
      assert.equal(response.status, 400, bad);
      assert.equal(response.body.success, false);
      assert.ok(response.body.error && response.body.requestId);
    }
    sandbox.faults.set({ allowanceRpcFailure: true });
    try {
      const failed = await api.get<{ success: boolean }>(query());
      assert.equal(failed.status, 502);
      assert.equal(failed.body.success, false);
    } finally {
      sandbox.reset();
    }
    // The explorer shows the approval's real receipt.
    const page = await fetch(`${chain.explorerUrl}/tx/${hash}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /success/);
    assert.match(html, /Approval/);
  });
});

describe('quote, route and deposit-address details', () => {
  test('invalid bodies are 400 with a message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...quoteBody(), fromAmount: '1.5' }, /fromAmount/],
      [{ ...quoteBody(), fromAddress: 'bob' }, /fromAddress/],
      [{ ...quoteBody(), fromChain: 'nowhere' }, /fromChain/],
      [{ ...quoteBody(), slippage: 'high' }, /slippage/],
      [[1, 2], /JSON object/],
    ];
    for (const [body, message] of cases) {
      const response = await api.post<{ error: string }>('/api/v1/routes/quote', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error, message);
    }
    const notJson = await fetch(`${sandbox.serviceUrl}/api/v1/routes/quote`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      body: '{"fromChain":',
    });
    assert.equal(notJson.status, 400);
  });

  test('quote: realistic fees and slippage; slippage above 3 excludes the providers that reject it', async () => {
    const quote = await api.post<{ data: { estimate: Record<string, unknown> & { fees: { type: string; token: { address: string } }[] } } }>(
      '/api/v1/routes/quote',
      { ...quoteBody(), slippage: 2, metadata: { sandboxProvider: 'swiftbridge' } },
    );
    assert.equal(quote.status, 200);
    const estimate = quote.body.data.estimate;
    assert.ok(BigInt(String(estimate.toAmountMin)) < BigInt(String(estimate.toAmount)));
    assert.equal(BigInt(String(estimate.toAmountMin)), (BigInt(String(estimate.toAmount)) * 98n) / 100n);
    assert.deepEqual(estimate.fees.map((f) => f.type).sort(), ['gas_receiver_fee', 'service_fee']);
    assert.equal(estimate.fees.find((f) => f.type === 'gas_receiver_fee')?.token.address, NATIVE_TOKEN_ADDRESS);
    for (const field of ['fromAmountUsd', 'toAmountUsd', 'toAmountMinUsd', 'totalFeesUsd']) {
      assert.match(String(estimate[field]), /^\d+\.\d+$/, field);
    }

    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    try {
      const declined = await api.post<{ code: string; providers: { provider: string; outcome: string; code: string }[] }>('/api/v1/routes/quote', {
        ...quoteBody(),
        slippage: 5,
      });
      assert.equal(declined.status, 422);
      assert.deepEqual(declined.body.providers, [
        { provider: 'swiftbridge', outcome: 'declined', code: 'SLIPPAGE_TOO_HIGH', reason: 'Slippage above 3% is not accepted' },
      ]);
    } finally {
      sandbox.reset();
    }
  });

  test('slowlane declines pairs it does not serve; route needs no AML (spec)', async () => {
    const weth = sandbox.tokens.find((t) => t.chainId === SEPOLIA && t.symbol === 'WETH');
    const wethBase = sandbox.tokens.find((t) => t.chainId === BASE && t.symbol === 'WETH');
    const declined = await api.post<{ providers: { code: string }[] }>('/api/v1/routes/quote', {
      ...quoteBody(),
      fromToken: weth?.address,
      toToken: wethBase?.address,
      fromAmount: '1000000000000000000',
      metadata: { sandboxProvider: 'slowlane' },
    });
    assert.equal(declined.status, 422);
    assert.equal(declined.body.providers[0]?.code, 'PAIR_NOT_SUPPORTED');
    const slow = await api.post<{ data: { route: { provider: string; execution: { transaction: { to: string }; approvals: { spender: string }[] } } } }>(
      '/api/v1/routes/route',
      { ...quoteBody(), fromAddress: sandbox.accounts.flagged.address, metadata: { sandboxProvider: 'slowlane' } },
    );
    assert.equal(slow.status, 200, 'route does not screen addresses');
    assert.equal(slow.body.data.route.provider, 'slowlane');
    assert.equal(slow.body.data.route.execution.approvals[0]?.spender, slow.body.data.route.execution.transaction.to);
  });

  test('deposit-address: validated like route (a bad post hook is 400); declined by every provider consulted: 422 with their outcomes', async () => {
    const invalid = await api.post('/api/v1/routes/deposit-address', { ...quoteBody(), hooks: { postHook: { callData: '0x12345678' } } });
    assert.equal(invalid.status, 400);
    const declined = await api.post<{ code: string; providers: { provider: string; code: string }[] }>('/api/v1/routes/deposit-address', {
      ...quoteBody(),
      metadata: { sandboxProvider: 'slowlane' },
    });
    assert.equal(declined.status, 422);
    assert.deepEqual(
      declined.body.providers.map((p) => [p.provider, p.code]),
      [['slowlane', 'DEPOSIT_ADDRESS_NOT_SUPPORTED']],
    );
  });

  test('receipt: 404 for an unknown intent, 400 for a malformed hash; status pending stub before it', async () => {
    const unknown = await api.post('/api/v1/route-intent/0x1234/receipt', { txHash: `0x${'12'.repeat(32)}` });
    assert.equal(unknown.status, 404);
    const route = await api.post<{ data: { intentId: string } }>('/api/v1/routes/route', quoteBody());
    const intentId = route.body.data.intentId;
    assert.equal((await api.post(`/api/v1/route-intent/${intentId}/receipt`, { txHash: 'nope' })).status, 400);
    const pending = await api.get<{ data: Record<string, unknown> }>(`/api/v1/route-intent/${intentId}/status`);
    assert.equal(pending.status, 200);
    assert.deepEqual(Object.keys(pending.body.data).sort(), ['create_date', 'intent_id', 'intent_status', 'status', 'steps']);
    assert.equal(pending.body.data.status, 'pending');
  });
});

describe('response faults and admin endpoints', () => {
  test('malformed body and wrong-typed field faults fire for the next N responses only', async () => {
    sandbox.faults.set({ malformedBody: { count: 1, endpoints: ['chains'] }, wrongType: { count: 1, endpoints: ['quote'] } });
    try {
      const broken = await api.get('/api/v1/routes/chains');
      assert.equal(broken.status, 200);
      assert.throws(() => JSON.parse(broken.text));
      assert.equal((await api.get('/api/v1/routes/chains')).body instanceof Array, true);
      const wrong = await api.post<{ data: { estimate: { toAmount: unknown } } }>('/api/v1/routes/quote', quoteBody());
      assert.equal(typeof wrong.body.data.estimate.toAmount, 'number');
      const right = await api.post<{ data: { estimate: { toAmount: unknown } } }>('/api/v1/routes/quote', quoteBody());
      assert.equal(typeof right.body.data.estimate.toAmount, 'string');
    } finally {
      sandbox.reset();
    }
  });

  test('latency fault delays the chosen endpoint', async () => {
    sandbox.faults.set({ latency: { ms: 300, endpoints: ['validate'] } });
    try {
      const started = Date.now();
      await api.get('/api/v1/sdk/validate');
      // A lower bound only: a busy machine makes it later, never earlier.
      assert.ok(Date.now() - started >= 299);
      // Another endpoint is not held: it is answered while a delayed validate is still waiting.
      sandbox.faults.set({ latency: { ms: 5_000, endpoints: ['validate'] } });
      let validated = false;
      const slow = api.get('/api/v1/sdk/validate').then(() => (validated = true));
      await api.get('/api/v1/routes/chains');
      assert.equal(validated, false, 'chains answered before the delayed validate');
      await slow;
    } finally {
      sandbox.reset();
    }
  });

  test('admin: faults over HTTP, invalid input 400, intents list, info, fund', async () => {
    const set = await admin.post<{ faults: { rateLimitBurst: { count: number } } }>('/faults', { rateLimitBurst: 3 });
    assert.equal(set.status, 200);
    assert.equal(set.body.faults.rateLimitBurst.count, 3);
    assert.equal((await admin.post('/faults', { stuckBridge: 'yes' })).status, 400);
    assert.equal((await admin.post('/faults', { unknownSwitch: true })).status, 400);
    const reset = await admin.post<{ faults: { rateLimitBurst: null } }>('/reset', {});
    assert.equal(reset.body.faults.rateLimitBurst, null);
    const info = await admin.get<{ serviceUrl: string; apiKey?: string }>('/info');
    assert.equal(info.body.serviceUrl, sandbox.serviceUrl);
    assert.equal(info.body.apiKey, undefined, 'the admin API, open to any origin, never hands out the key');
    assert.ok(!JSON.stringify(info.body).includes(sandbox.apiKey));
    const intents = await admin.get<{ intents: unknown[] }>('/intents');
    assert.ok(Array.isArray(intents.body.intents));

    const fresh = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
    const funded = await admin.post('/fund', { address: fresh, chainId: BASE, usdc: '12.5' });
    assert.equal(funded.status, 200);
    const balance = await sandbox
      .chain(BASE)
      .publicClient.readContract({ address: usdc(BASE), abi: SandboxTokenAbi, functionName: 'balanceOf', args: [fresh] });
    assert.equal(balance, 12_500_000n);
    assert.ok((await sandbox.chain(BASE).publicClient.getBalance({ address: fresh })) > 0n);
  });
});

describe('the request log and the status override', () => {
  test('every API request is logged in order with its endpoint and status; reset clears the log', async () => {
    await admin.post('/reset', {});
    const sent = Date.now();
    await api.get('/api/v1/routes/chains');
    await api.get('/api/v1/nope');
    const { body } = await admin.get<{
      requests: { seq: number; receivedAt: number; method: string; path: string; endpoint: string | null; status: number }[];
    }>('/requests');
    assert.deepEqual(
      body.requests.map((r) => [r.method, r.path, r.endpoint, r.status]),
      [
        ['GET', '/routes/chains', 'chains', 200],
        ['GET', '/nope', null, 404],
      ],
    );
    assert.ok(body.requests[0]!.seq < body.requests[1]!.seq);
    assert.ok(body.requests[0]!.receivedAt >= sent - 1, 'arrival times come from the same clock');
    assert.deepEqual(
      sandbox.requests().map((r) => r.path),
      ['/routes/chains', '/nope'],
      'the in-process view is the same log',
    );
    await admin.post('/reset', {});
    assert.deepEqual((await admin.get<{ requests: unknown[] }>('/requests')).body.requests, []);
  });

  test('statusOverride replaces the status of tracked answers, and the log records it with next_poll_at', async () => {
    const route = await api.post<{ data: { intentId: string } }>('/api/v1/routes/route', quoteBody());
    const intentId = route.body.data.intentId;
    const intent = sandbox.service.context.store.get(intentId)!;
    // Past pending, as after a receipt: only tracked answers are overridden, a pending stub stays a stub.
    intent.status = 'bridging';
    try {
      assert.equal((await admin.post('/faults', { statusOverride: 'rerouting' })).status, 200);
      const answer = await api.get<{ data: { status: string; next_poll_at: string } }>(`/api/v1/route-intent/${intentId}/status`);
      assert.equal(answer.body.data.status, 'rerouting');
      const logged = sandbox
        .requests()
        .filter((r) => r.endpoint === 'status')
        .at(-1)!;
      assert.equal(logged.intentStatus, 'rerouting');
      assert.equal(logged.nextPollAt, Date.parse(answer.body.data.next_poll_at));
      await admin.post('/faults', { statusOverride: null });
      assert.equal((await api.get<{ data: { status: string } }>(`/api/v1/route-intent/${intentId}/status`)).body.data.status, 'bridging');
      assert.equal((await admin.post('/faults', { statusOverride: '' })).status, 400, 'an empty status is refused');
    } finally {
      sandbox.reset();
    }
  });
});

describe('chains: JSON-RPC over HTTP (anvil) and EIP-1193', () => {
  test('HTTP: batches, params defaulting, revert errors with code 3 and decodable data', async () => {
    const rpcUrl = sandbox.chain(SEPOLIA).rpcUrl ?? '';
    const batch = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 'two', method: 'eth_blockNumber', params: [] },
      ]),
    });
    const answers = (await batch.json()) as { id: unknown; result: string }[];
    assert.deepEqual(
      answers.map((a) => a.id),
      [1, 'two'],
    );
    assert.equal(answers[0]?.result, `0x${SEPOLIA.toString(16)}`);

    const client = createPublicClient({ transport: http(rpcUrl) });
    await assert.rejects(
      client.simulateContract({
        account: '0x0000000000000000000000000000000000000001',
        address: usdc(SEPOLIA),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [sandbox.accounts.user.address, 1n],
      }),
      /transfer amount exceeds balance/,
    );
    const preflight = await fetch(rpcUrl, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    assert.ok(preflight.ok, `preflight answered ${preflight.status}`);
    assert.ok(preflight.headers.get('access-control-allow-origin'));
  });

  test('EIP-1193: viem custom() transport over the chain provider', async () => {
    const client = createPublicClient({ transport: custom(sandbox.chain(BASE).provider) });
    assert.equal(await client.getChainId(), BASE);
    const supply = await client.readContract({ address: usdc(BASE), abi: erc20Abi, functionName: 'totalSupply' });
    assert.ok(supply > 0n);
  });

  test('contract addresses are the same on every start', async () => {
    const second = await startSandbox({ proxy: false, serveRpc: false });
    try {
      assert.deepEqual(second.readyInfo.contracts, sandbox.readyInfo.contracts);
      // serveRpc: false hides the URL; the provider still reaches the chain.
      assert.equal(second.chains[0]?.rpcUrl, null);
      assert.equal(await createPublicClient({ transport: custom(second.chains[0]!.provider) }).getChainId(), SEPOLIA);
    } finally {
      await second.close();
    }
  });
});
