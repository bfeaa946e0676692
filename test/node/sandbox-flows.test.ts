/**
 * End-to-end flows of the spec against the sandbox, over HTTP through the
 * backend proxy, with viem as the wallet on the sandbox chains' JSON-RPC.
 * Each flow uses its own dev account so balances never interfere.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DepositReceiverAbi } from '../../sandbox/artifacts/abis.js';
import { NATIVE_TOKEN_ADDRESS, startSandbox, type DevAccount, type SandboxHandle } from '../../sandbox/index.js';
import { pollIntentStatus, rawApiClient, type RawApiClient, type StatusBody } from '../../sandbox/testing.js';
import { DST as BASE, SRC as SEPOLIA } from './helpers/chains.ts';
import { until } from './helpers/until.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface RouteBody {
  data: {
    intentId: string;
    route: {
      estimate: { fromAmount: string; toAmount: string; toAmountMin: string; toAmountUsd: string; fees: { type: string }[] };
      execution: {
        transaction: { to: Address; data: Hex; value: string; gasLimit: string; maxFeePerGas: string; maxPriorityFeePerGas: string; type: string };
        approvals?: { chainId: string; tokenAddress: Address; spender: Address; amount: string }[];
      };
      provider: string;
      requestId: string;
      reliabilityScore: number;
    };
  };
}

let sandbox: SandboxHandle;
let api: RawApiClient;

before(async () => {
  sandbox = await startSandbox({ bridgingDelayMs: 0, pollHintMs: 150, trackerIntervalMs: 50 });
  assert.ok(sandbox.proxyUrl, 'proxy must be running');
  api = rawApiClient(sandbox.proxyUrl);
});

after(async () => {
  await sandbox?.close();
});

function token(chainId: number, symbol: string): Address {
  const found = sandbox.tokens.find((t) => t.chainId === chainId && t.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} on ${chainId}`);
  return found.address;
}

function clients(account: DevAccount, chainId: number) {
  const chain = sandbox.chain(chainId);
  assert.ok(chain.rpcUrl);
  const transport = http(chain.rpcUrl);
  return {
    publicClient: createPublicClient({ chain: chain.viemChain, transport, pollingInterval: 50 }) as PublicClient,
    wallet: createWalletClient({ account: privateKeyToAccount(account.privateKey), chain: chain.viemChain, transport, pollingInterval: 50 }),
  };
}

async function balanceOf(chainId: number, tokenAddress: Address, owner: Address): Promise<bigint> {
  const { publicClient } = sandbox.chain(chainId);
  if (tokenAddress.toLowerCase() === NATIVE_TOKEN_ADDRESS) return publicClient.getBalance({ address: owner });
  return publicClient.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

interface FlowResult {
  route: RouteBody['data'];
  routeRequestId: string;
  sourceTx: Hex;
  sourceGasCost: bigint;
  approvalGasCost: bigint;
  final: StatusBody;
  polls: StatusBody[];
}

/** quote → route → approvals (checked via the allowance endpoint, exact amounts) → broadcast → receipt → poll. */
async function runFlow(
  account: DevAccount,
  request: Record<string, unknown>,
  options: {
    expectApprovals?: number;
    checks?: (route: RouteBody['data']) => void;
    until?: (body: StatusBody) => boolean;
  } = {},
): Promise<FlowResult> {
  const fromChain = Number(request.fromChain);
  const quote = await api.post<{ data: { estimate: { toAmount: string } } }>('/api/v1/routes/quote', request);
  assert.equal(quote.status, 200, quote.text);

  const routeResponse = await api.post<RouteBody>('/api/v1/routes/route', request);
  assert.equal(routeResponse.status, 200, routeResponse.text);
  const routeRequestId = routeResponse.headers.get('x-request-id') ?? '';
  assert.match(routeRequestId, UUID);
  assert.equal(routeResponse.headers.get('x-provider-request-id'), routeResponse.body.data.route.requestId);
  const route = routeResponse.body.data;
  assert.equal(route.route.execution.transaction.type, 'ON_CHAIN_EXECUTION');
  options.checks?.(route);

  const { wallet, publicClient } = clients(account, fromChain);
  const approvals = route.route.execution.approvals ?? [];
  if (options.expectApprovals !== undefined) assert.equal(approvals.length, options.expectApprovals);

  let approvalGasCost = 0n;
  for (const approval of approvals) {
    const query = new URLSearchParams({
      chainId: approval.chainId,
      tokenAddress: approval.tokenAddress,
      ownerAddress: account.address,
      spenderAddress: approval.spender,
    });
    const allowance = await api.get<{ success: boolean; data: { allowance: string; spenderAddress: string } }>(`/api/v1/sdk/rpc/evm/allowance?${query}`);
    assert.equal(allowance.status, 200, allowance.text);
    assert.equal(allowance.body.data.spenderAddress, approval.spender.toLowerCase());
    if (BigInt(allowance.body.data.allowance) >= BigInt(approval.amount)) continue;
    const hash = await wallet.writeContract({
      address: approval.tokenAddress,
      abi: erc20Abi,
      functionName: 'approve',
      args: [approval.spender, BigInt(approval.amount)],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success');
    approvalGasCost += receipt.gasUsed * receipt.effectiveGasPrice;
  }

  if (approvals.length > 0) {
    // Before the receipt, the pending stub shows that the approvals landed.
    const pending = await api.get<{ data: { status: string; steps?: { type: string; status: string }[] } }>(`/api/v1/route-intent/${route.intentId}/status`);
    assert.equal(pending.body.data.status, 'pending');
    assert.deepEqual(
      pending.body.data.steps?.map((s) => `${s.type}:${s.status}`),
      approvals.map(() => 'approval:completed'),
    );
  }

  const tx = route.route.execution.transaction;
  const sourceTx = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: BigInt(tx.gasLimit),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
  });
  const sourceReceipt = await publicClient.waitForTransactionReceipt({ hash: sourceTx });
  assert.equal(sourceReceipt.status, 'success', 'the route transaction must not revert');
  assert.ok(sourceReceipt.gasUsed < BigInt(tx.gasLimit), 'gasLimit leaves headroom');

  const receipt = await api.post<{ data: { ok: boolean; transaction_id: string } }>(`/api/v1/route-intent/${route.intentId}/receipt`, { txHash: sourceTx });
  assert.equal(receipt.status, 200, receipt.text);
  assert.equal(receipt.body.data.ok, true);

  const { final, polls } = await pollIntentStatus(api, route.intentId, {
    timeoutMs: 15_000,
    ...(options.until ? { until: options.until } : {}),
  });
  assert.equal(final.data.request_id, routeRequestId);
  assert.equal(final.data.id, receipt.body.data.transaction_id);
  return {
    route,
    routeRequestId,
    sourceTx,
    sourceGasCost: sourceReceipt.gasUsed * sourceReceipt.effectiveGasPrice,
    approvalGasCost,
    final,
    polls,
  };
}

describe('bridging flows (each with its own account)', { concurrency: true }, () => {
  test('ERC-20 route with a proxy spender: quote, route, approve, broadcast, receipt, poll to success', async () => {
    const user = sandbox.accounts.user;
    const recipient = user.address;
    const fromToken = token(SEPOLIA, 'USDC');
    const toToken = token(BASE, 'USDC');
    const request = {
      fromChain: String(SEPOLIA),
      toChain: String(BASE),
      fromToken,
      toToken,
      fromAmount: '250000000', // 250 USDC
      fromAddress: user.address,
      toAddress: recipient,
      slippage: 1,
      metadata: { orderId: 'order-42', nested: { tags: ['a', 'b'] }, sandboxProvider: 'swiftbridge' },
    };
    const before = await balanceOf(BASE, toToken, recipient);
    const sourceBefore = await balanceOf(SEPOLIA, fromToken, user.address);
    const flow = await runFlow(user, request, {
      expectApprovals: 1,
      checks: (route) => {
        const approval = route.route.execution.approvals?.[0];
        assert.ok(approval);
        assert.equal(route.route.provider, 'swiftbridge');
        assert.notEqual(approval.spender.toLowerCase(), route.route.execution.transaction.to.toLowerCase(), 'spender ≠ transaction.to');
        assert.equal(approval.amount, request.fromAmount);
        assert.ok(route.route.reliabilityScore > 0 && route.route.reliabilityScore <= 1);
        assert.ok(route.route.estimate.fees.some((f) => f.type === 'gas_receiver_fee'));
      },
    });

    const data = flow.final.data;
    assert.equal(data.status, 'success');
    assert.deepEqual(data.metadata, request.metadata);
    assert.equal(data.routing_provider, 'swiftbridge');
    assert.equal(data.from_address, user.address);
    assert.equal(data.to_chain_id, String(BASE));
    assert.equal(data.source_tx_hash, flow.sourceTx.toLowerCase());
    assert.match(String(data.dest_tx_hash), /^0x[0-9a-f]{64}$/);
    assert.equal(data.to_amount_wei, flow.route.route.estimate.toAmount);
    assert.equal(data.quote_to_amount_usd, flow.route.route.estimate.toAmountUsd);
    assert.equal(data.provider_request_id, flow.route.route.requestId);
    assert.equal(data.sdk_request, true);
    assert.equal(data.next_poll_at, undefined, 'no next poll on a terminal status');
    // Every in-flight poll suggested a next poll, and poll_attempt counted up.
    for (const poll of flow.polls.filter((p) => p.data.status === 'submitted' || p.data.status === 'bridging')) {
      assert.ok(poll.data.next_poll_at && Date.parse(poll.data.next_poll_at) > 0);
    }
    const attempts = flow.polls.map((p) => Number(p.data.poll_attempt));
    assert.deepEqual(
      attempts,
      [...attempts].sort((a, b) => a - b),
    );

    // The money really moved: source debited, recipient credited with to_amount_wei on the destination.
    const after = await balanceOf(BASE, toToken, recipient);
    assert.equal(after - before, BigInt(String(data.to_amount_wei)));
    assert.equal(sourceBefore - (await balanceOf(SEPOLIA, fromToken, user.address)), BigInt(request.fromAmount));
    const destReceipt = await sandbox.chain(BASE).publicClient.getTransactionReceipt({ hash: data.dest_tx_hash as Hex });
    assert.equal(destReceipt.status, 'success');

    // Receipt is idempotent; a different hash for the same intent conflicts.
    const again = await api.post<{ data: { transaction_id: string } }>(`/api/v1/route-intent/${flow.route.intentId}/receipt`, {
      txHash: flow.sourceTx,
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.data.transaction_id, data.id);
    const conflict = await api.post<{ error: string; requestId: string }>(`/api/v1/route-intent/${flow.route.intentId}/receipt`, {
      txHash: `0x${'ab'.repeat(32)}`,
    });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.requestId, conflict.headers.get('x-request-id'));
  });

  test('two-approval route (hopline): router and fee collector both approved', async () => {
    const user = sandbox.accounts.extraUsers[0];
    assert.ok(user);
    const toToken = token(SEPOLIA, 'USDC');
    const before = await balanceOf(SEPOLIA, toToken, user.address);
    const flow = await runFlow(
      user,
      {
        fromChain: String(BASE),
        toChain: String(SEPOLIA),
        fromToken: token(BASE, 'USDC'),
        toToken,
        fromAmount: '40000000',
        fromAddress: user.address,
        toAddress: user.address,
        slippage: 5, // above 3%: only hopline accepts it
      },
      {
        expectApprovals: 2,
        checks: (route) => {
          assert.equal(route.route.provider, 'hopline');
          const [router, collector] = route.route.execution.approvals ?? [];
          assert.ok(router && collector);
          assert.equal(router.tokenAddress, collector.tokenAddress);
          assert.notEqual(router.spender, collector.spender);
          assert.equal(BigInt(router.amount) + BigInt(collector.amount), 40_000_000n);
        },
      },
    );
    assert.equal(flow.final.data.status, 'success');
    assert.equal((await balanceOf(SEPOLIA, toToken, user.address)) - before, BigInt(String(flow.final.data.to_amount_wei)));
  });

  test('native route: value carries the amount, no approvals', async () => {
    const user = sandbox.accounts.extraUsers[1];
    assert.ok(user);
    const recipient = '0x000000000000000000000000000000000000c0de' as Address;
    const before = await balanceOf(BASE, NATIVE_TOKEN_ADDRESS, recipient);
    const flow = await runFlow(
      user,
      {
        fromChain: String(SEPOLIA),
        toChain: String(BASE),
        fromToken: NATIVE_TOKEN_ADDRESS,
        toToken: NATIVE_TOKEN_ADDRESS,
        fromAmount: '500000000000000000', // 0.5 ETH
        fromAddress: user.address,
        toAddress: recipient,
      },
      {
        checks: (route) => {
          assert.equal(route.route.execution.approvals, undefined);
          assert.equal(route.route.execution.transaction.value, '500000000000000000');
        },
      },
    );
    assert.equal(flow.final.data.status, 'success');
    assert.equal((await balanceOf(BASE, NATIVE_TOKEN_ADDRESS, recipient)) - before, BigInt(String(flow.final.data.to_amount_wei)));
  });

  test('failed route refunds on the source chain (balance restored minus gas)', async () => {
    const user = sandbox.accounts.extraUsers[2];
    assert.ok(user);
    const fromToken = token(SEPOLIA, 'WETH');
    const tokenBefore = await balanceOf(SEPOLIA, fromToken, user.address);
    const ethBefore = await balanceOf(SEPOLIA, NATIVE_TOKEN_ADDRESS, user.address);
    const flow = await runFlow(user, {
      fromChain: String(SEPOLIA),
      toChain: String(BASE),
      fromToken,
      toToken: token(BASE, 'WETH'),
      fromAmount: '1000000000000000000',
      fromAddress: user.address,
      toAddress: user.address,
      metadata: { sandboxProvider: 'swiftbridge', sandboxOutcome: 'refund' },
    });
    const data = flow.final.data;
    assert.equal(data.status, 'failed');
    assert.match(String(data.refund_tx_hash), /^0x[0-9a-f]{64}$/);
    const refund = await sandbox.chain(SEPOLIA).publicClient.getTransactionReceipt({ hash: data.refund_tx_hash as Hex });
    assert.equal(refund.status, 'success');
    assert.equal(await balanceOf(SEPOLIA, fromToken, user.address), tokenBefore, 'tokens fully refunded');
    const ethAfter = await balanceOf(SEPOLIA, NATIVE_TOKEN_ADDRESS, user.address);
    // The gas receiver fee sent as value comes back too; only the user's own gas is spent.
    assert.equal(ethBefore - ethAfter, flow.sourceGasCost + flow.approvalGasCost);
  });

  test('post hook: the destination call runs and the DepositReceiver records the deposit', async () => {
    const user = sandbox.accounts.extraUsers[3];
    assert.ok(user);
    const destination = sandbox.chain(BASE);
    const receiver = destination.contracts.depositReceiver;
    const toToken = token(BASE, 'USDC');
    const beneficiary = '0x00000000000000000000000000000000000b0b00' as Address;
    const callData = encodeFunctionData({ abi: DepositReceiverAbi, functionName: 'deposit', args: [toToken, 0n, beneficiary] });
    const flow = await runFlow(user, {
      fromChain: String(SEPOLIA),
      toChain: String(BASE),
      fromToken: token(SEPOLIA, 'USDC'),
      toToken,
      fromAmount: '12000000',
      fromAddress: user.address,
      toAddress: user.address,
      hooks: { postHook: { target: receiver, callData, fullAmount: true, amountInputPos: 1 } },
    });
    assert.equal(flow.final.data.status, 'success');
    const deposited = await destination.publicClient.readContract({
      address: receiver,
      abi: DepositReceiverAbi,
      functionName: 'deposits',
      args: [beneficiary, toToken],
    });
    assert.equal(deposited, BigInt(String(flow.final.data.to_amount_wei)));
    const steps = flow.final.data.steps as { type: string; status: string }[];
    assert.ok(steps.some((s) => s.type === 'post_hook' && s.status === 'completed'));
  });
});

describe('errors and fault switches', () => {
  const base = () => ({
    fromChain: String(SEPOLIA),
    toChain: String(BASE),
    fromToken: token(SEPOLIA, 'USDC'),
    toToken: token(BASE, 'USDC'),
    fromAmount: '1000000',
    fromAddress: sandbox.accounts.user.address,
    toAddress: sandbox.accounts.user.address,
  });

  test('a flagged address is refused at quote with a generic error', async () => {
    const refused = await api.post<{ error: string; code: string; requestId: string }>('/api/v1/routes/quote', {
      ...base(),
      fromAddress: sandbox.accounts.flagged.address,
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'Quote could not be provided');
    assert.equal(refused.body.requestId, refused.headers.get('x-request-id'));
    assert.doesNotMatch(refused.text, /aml|ofac|sanction|flag/i);
  });

  test('status of an unknown intent is 404', async () => {
    const missing = await api.get<{ error: string; requestId: string }>(`/api/v1/route-intent/0x${'00'.repeat(32)}/status`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.requestId, missing.headers.get('x-request-id'));
  });

  test('429 burst: Retry-After and rate-limit headers, then recovery', async () => {
    sandbox.faults.set({ rateLimitBurst: { count: 2, endpoints: ['chains'], retryAfterSeconds: 2 } });
    try {
      for (let i = 0; i < 2; i++) {
        const limited = await api.get<{ error: string; requestId: string }>('/api/v1/routes/chains');
        assert.equal(limited.status, 429);
        assert.equal(limited.headers.get('retry-after'), '2');
        assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
        assert.match(limited.headers.get('x-ratelimit-reset') ?? '', /^\d{10}$/);
        assert.equal(limited.body.requestId, limited.headers.get('x-request-id'));
      }
      const ok = await api.get('/api/v1/routes/chains');
      assert.equal(ok.status, 200);
      assert.ok(Number(ok.headers.get('x-ratelimit-remaining')) > 0);
    } finally {
      sandbox.reset();
    }
  });

  test('the real per-key quota answers 429 once exhausted', async () => {
    sandbox.faults.set({ rateLimit: { limit: 3, windowMs: 60_000 } });
    sandbox.service.rateLimiter.reset();
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await api.get('/api/v1/routes/chains')).status);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    } finally {
      sandbox.reset();
    }
  });

  test('tokens: plain array without query, cursor pages with any query parameter', async () => {
    const plain = await api.get<unknown[]>('/api/v1/routes/tokens');
    assert.ok(Array.isArray(plain.body));
    sandbox.faults.set({ syntheticTokens: 10_000 });
    try {
      const seen = new Set<string>();
      let cursor: string | null = null;
      let total = -1;
      let pages = 0;
      do {
        const query: string = new URLSearchParams({ limit: '1000', includeTotal: 'true', ...(cursor ? { cursor } : {}) }).toString();
        const page = await api.get<{ data: { chainId: string; address: string }[]; nextCursor: string | null; total: number }>(
          `/api/v1/routes/tokens?${query}`,
        );
        assert.equal(page.status, 200, page.text);
        total = page.body.total;
        for (const t of page.body.data) seen.add(`${t.chainId}:${t.address}`);
        cursor = page.body.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(seen.size, total);
      assert.ok(total > 10_000);
      assert.equal(pages, Math.ceil(total / 1000));
      const search = await api.get<{ data: { symbol: string }[]; nextCursor: string | null }>(`/api/v1/routes/tokens?q=usdc&chainId=${BASE}`);
      assert.deepEqual(
        search.body.data.map((t) => t.symbol),
        ['USDC'],
      );
      assert.equal(search.body.nextCursor, null);
    } finally {
      sandbox.reset();
    }
  });

  test('post hook rules 1-4 are rejected with 400 and a message', async () => {
    const target = sandbox.chain(BASE).contracts.depositReceiver;
    const callData = '0x12345678' + '00'.repeat(96);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ callData, fundAmount: '1' }, /target/],
      [{ target, fundAmount: '1' }, /callData/],
      [{ target, callData, fullAmount: true }, /amountInputPos/],
      [{ target, callData }, /fundAmount|fullAmount/],
    ];
    for (const [postHook, message] of cases) {
      const rejected = await api.post<{ error: string }>('/api/v1/routes/route', { ...base(), hooks: { postHook } });
      assert.equal(rejected.status, 400, rejected.text);
      assert.match(rejected.body.error, message);
    }
  });

  test('no route: 422 when all declined, 502 when a provider failed', async () => {
    const declined = await api.post<{ code: string; providers: { provider: string; outcome: string }[] }>('/api/v1/routes/route', {
      ...base(),
      toChain: 'osmosis-1',
      toToken: 'uosmo',
      toAddress: 'osmo1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
    });
    assert.equal(declined.status, 422);
    assert.equal(declined.body.code, 'NO_ROUTE');
    assert.deepEqual(new Set(declined.body.providers.map((p) => p.outcome)), new Set(['declined']));

    sandbox.faults.set({ failedProviders: true });
    try {
      const failed = await api.post<{ providers: { outcome: string }[] }>('/api/v1/routes/route', base());
      assert.equal(failed.status, 502);
      assert.ok(failed.body.providers.every((p) => p.outcome === 'failed'));
    } finally {
      sandbox.reset();
    }
  });
});

describe('intent lifecycle driven by chain state and fault switches', () => {
  const usdcRoute = (account: DevAccount, extra: Record<string, unknown> = {}) => ({
    fromChain: String(SEPOLIA),
    toChain: String(BASE),
    fromToken: token(SEPOLIA, 'USDC'),
    toToken: token(BASE, 'USDC'),
    fromAmount: '3000000',
    fromAddress: account.address,
    toAddress: account.address,
    ...extra,
  });

  test('a stuck bridge stays bridging (with next_poll_at) until the switch is cleared', async () => {
    const admin = rawApiClient(sandbox.adminUrl);
    assert.equal((await admin.post('/faults', { stuckBridge: true })).status, 200);
    try {
      const flow = await runFlow(sandbox.accounts.user, usdcRoute(sandbox.accounts.user), {
        until: (b) => b.data.status === 'bridging' && Number(b.data.poll_attempt) >= 3,
      });
      assert.equal(flow.final.data.status, 'bridging');
      assert.ok(flow.final.data.next_poll_at);
      assert.equal((await admin.post('/faults', { stuckBridge: false })).status, 200);
      const { final } = await pollIntentStatus(api, flow.route.intentId);
      assert.equal(final.data.status, 'success');
    } finally {
      await admin.post('/reset', {});
    }
  });

  test('holdRefund: the failure is reported at once, the refund transaction only once the switch is cleared', async () => {
    const user = sandbox.accounts.extraUsers[3];
    assert.ok(user);
    const fromToken = token(SEPOLIA, 'USDC');
    const before = await balanceOf(SEPOLIA, fromToken, user.address);
    sandbox.faults.set({ failWithRefund: true, holdRefund: true });
    try {
      const flow = await runFlow(user, usdcRoute(user, { metadata: { sandboxProvider: 'swiftbridge' } }));
      assert.equal(flow.final.data.status, 'failed');
      assert.equal(flow.final.data.intent_status, 'failed');
      assert.equal(flow.final.data.refund_tx_hash, null, 'no refund transaction yet');
      assert.ok((await balanceOf(SEPOLIA, fromToken, user.address)) < before, 'the deposit has not come back');
      sandbox.faults.set({ holdRefund: false });
      const refunded = await until(
        async () => {
          const { data } = (await api.get(`/api/v1/route-intent/${flow.route.intentId}/status`)).body as { data: Record<string, unknown> };
          return data.intent_status === 'refunded' && data;
        },
        'refunded once the switch is cleared',
        { timeout: 10_000, interval: 50 },
      );
      assert.equal(refunded.status, 'failed');
      assert.match(String(refunded.refund_tx_hash), /^0x[0-9a-f]{64}$/);
      assert.equal(await balanceOf(SEPOLIA, fromToken, user.address), before, 'the tokens are back');
    } finally {
      sandbox.faults.reset();
    }
  });

  test('needs_gas: gas_status appears while the destination step stalls, then clears', async () => {
    sandbox.faults.set({ needsGas: true });
    try {
      const flow = await runFlow(sandbox.accounts.user, usdcRoute(sandbox.accounts.user), {
        until: (b) => b.data.gas_status === 'needs_gas',
      });
      assert.equal(flow.final.data.status, 'bridging');
      sandbox.faults.set({ needsGas: false });
      const { final } = await pollIntentStatus(api, flow.route.intentId);
      assert.equal(final.data.status, 'success');
      assert.equal(final.data.gas_status, undefined);
    } finally {
      sandbox.reset();
    }
  });

  test('a reverted source transaction fails the intent without a refund', async () => {
    const user = sandbox.accounts.user;
    const route = await api.post<RouteBody>('/api/v1/routes/route', usdcRoute(user, { fromAmount: '50000000' }));
    assert.equal(route.status, 200, route.text);
    const tx = route.body.data.route.execution.transaction;
    const { wallet, publicClient } = clients(user, SEPOLIA);
    // No approval was given, so the deposit reverts on chain.
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.gasLimit) });
    assert.equal((await publicClient.waitForTransactionReceipt({ hash })).status, 'reverted');
    await api.post(`/api/v1/route-intent/${route.body.data.intentId}/receipt`, { txHash: hash });
    const { final } = await pollIntentStatus(api, route.body.data.intentId);
    assert.equal(final.data.status, 'failed');
    assert.equal(final.data.refund_tx_hash, null);
    assert.match(String(final.data.failure_reason), /reverted/);
  });

  test('post hook with fundAmount splits the output; a reverting hook sends everything to the recipient', async () => {
    const user = sandbox.accounts.user;
    const destination = sandbox.chain(BASE);
    const receiver = destination.contracts.depositReceiver;
    const toToken = token(BASE, 'USDC');
    const beneficiary = '0x00000000000000000000000000000000000b0b01' as Address;
    const fundAmount = 1_000_000n;
    // amountInputPos patches the amount in; the 0 placed there by the caller is overwritten.
    const callData = encodeFunctionData({ abi: DepositReceiverAbi, functionName: 'deposit', args: [toToken, 0n, beneficiary] });
    const recipientBefore = await balanceOf(BASE, toToken, user.address);
    const split = await runFlow(
      user,
      usdcRoute(user, {
        hooks: { postHook: { target: receiver, callData, fundAmount: fundAmount.toString(), amountInputPos: 1, toApprovalAddress: receiver } },
      }),
    );
    assert.equal(split.final.data.status, 'success');
    const toAmount = BigInt(String(split.final.data.to_amount_wei));
    assert.equal(
      await destination.publicClient.readContract({ address: receiver, abi: DepositReceiverAbi, functionName: 'deposits', args: [beneficiary, toToken] }),
      fundAmount,
    );
    assert.equal((await balanceOf(BASE, toToken, user.address)) - recipientBefore, toAmount - fundAmount);

    // A hook that reverts (zero amount, no patching) must not lose the funds.
    const reverting = encodeFunctionData({ abi: DepositReceiverAbi, functionName: 'deposit', args: [toToken, 0n, beneficiary] });
    const before = await balanceOf(BASE, toToken, user.address);
    const failed = await runFlow(user, usdcRoute(user, { hooks: { postHook: { target: receiver, callData: reverting, fundAmount: '500000' } } }));
    assert.equal(failed.final.data.status, 'success', 'route status is the aggregate result');
    const steps = failed.final.data.steps as { type: string; status: string }[];
    assert.ok(steps.some((s) => s.type === 'post_hook' && s.status === 'failed'));
    assert.equal((await balanceOf(BASE, toToken, user.address)) - before, BigInt(String(failed.final.data.to_amount_wei)));
  });

  test('cataclysm-1 destination (simulated): success with a Cosmos-style hash and a bank balance', async () => {
    const user = sandbox.accounts.user;
    const recipient = 'cata1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du';
    const flow = await runFlow(user, usdcRoute(user, { toChain: 'cataclysm-1', toToken: 'uusdc', toAddress: recipient }));
    assert.equal(flow.final.data.status, 'success');
    assert.match(String(flow.final.data.dest_tx_hash), /^[0-9A-F]{64}$/);
    const balances = await api.get<{ results: { chain_id: string; balances: { category: string; balance: string }[] }[] }>(
      `/api/v1/data/balances/${recipient}`,
    );
    assert.equal(balances.status, 200);
    const bank = balances.body.results[0];
    assert.equal(bank?.chain_id, 'cataclysm-1');
    assert.equal(bank?.balances[0]?.category, 'bank');
    assert.equal(bank?.balances[0]?.balance, flow.final.data.to_amount_wei);
  });
});
