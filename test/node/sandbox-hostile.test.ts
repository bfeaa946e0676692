/**
 * The sandbox's `hostile` switch: each mode makes the real service lie in
 * exactly the fields it names, and nothing else. Every hostile route is
 * compared with an honest route for the same request taken right before it
 * (the only differences allowed between two honest routes are the fresh
 * intent id, provider request id and gas prices, which are masked), and the
 * intents underneath are checked to stay honest on the real chains.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createWalletClient, custom, decodeFunctionData, erc20Abi, keccak256, maxUint256, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { NATIVE_TOKEN_ADDRESS, type DevAccount, type HostileMode, type SandboxHandle } from '../../sandbox/index.js';
import { pollIntentStatus, type RawApiClient, type StatusBody } from '../../sandbox/testing.js';
import { DST as BASE, SRC as SEPOLIA } from './helpers/chains.ts';
import { sandboxToken } from './helpers/flow-sandbox.ts';
import { startServiceSandbox } from './helpers/service-sandbox.ts';
import { until } from './helpers/until.ts';

const TX_HASH = /^0x[0-9a-f]{64}$/;

interface Approval {
  chainId: string;
  tokenAddress: Address;
  spender: Address;
  amount: string;
}

interface Route {
  estimate: { fromAmount: string; toAmount: string; toAmountMin: string; toAmountUsd: string; toAmountMinUsd: string; [key: string]: unknown };
  execution: {
    transaction: { to: Address; data: Hex; value: string; gasLimit: string; maxFeePerGas: string; maxPriorityFeePerGas: string; [key: string]: unknown };
    approvals?: Approval[];
  };
  requestId: string;
  [key: string]: unknown;
}

interface RouteBody {
  data: { intentId: Hex; route: Route };
}

let sandbox: SandboxHandle, api: RawApiClient, admin: RawApiClient;
before(async () => ({ sandbox, api, admin } = await startServiceSandbox()));
after(() => sandbox?.close());

beforeEach(() => {
  sandbox.faults.reset();
});

const token = (chainId: number, symbol: string) => sandboxToken(sandbox, chainId, symbol).address as Address;

const usdcRequest = (provider: string, account: DevAccount = sandbox.accounts.user) => ({
  fromChain: String(SEPOLIA),
  toChain: String(BASE),
  fromToken: token(SEPOLIA, 'USDC'),
  toToken: token(BASE, 'USDC'),
  fromAmount: '20000000', // 20 USDC
  fromAddress: account.address,
  toAddress: account.address,
  slippage: 1,
  metadata: { sandboxProvider: provider },
});

const nativeRequest = (account: DevAccount = sandbox.accounts.user) => ({
  fromChain: String(SEPOLIA),
  toChain: String(BASE),
  fromToken: NATIVE_TOKEN_ADDRESS,
  toToken: NATIVE_TOKEN_ADDRESS,
  fromAmount: '10000000000000000', // 0.01 ETH
  fromAddress: account.address,
  toAddress: account.address,
  slippage: 1,
  metadata: { sandboxProvider: 'swiftbridge' },
});

async function postRoute(request: object): Promise<RouteBody['data']> {
  const response = await api.post<RouteBody>('/api/v1/routes/route', request);
  assert.equal(response.status, 200, response.text);
  return response.body.data;
}

/** A route with what legitimately differs between two calls (intent id, provider request id, gas prices) masked. */
function comparable(data: RouteBody['data']): Route {
  const route = structuredClone(data.route);
  const tx = route.execution.transaction;
  tx.data = tx.data.split(data.intentId.slice(2).toLowerCase()).join('<intent>') as Hex;
  for (const key of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas']) tx[key] = '<gas>';
  route.requestId = '<request>';
  return route;
}

/** The honest route, then the same request with `mode` on: both masked for comparison. */
async function honestThenHostile(mode: HostileMode, request: object): Promise<{ honest: Route; hostile: Route; raw: RouteBody['data'] }> {
  const honest = await postRoute(request);
  sandbox.faults.set({ hostile: mode });
  const raw = await postRoute(request);
  const summaries = sandbox.intents();
  assert.equal(summaries.find((i) => i.intent_id === honest.intentId)?.sandbox.hostileRoute, null);
  assert.equal(summaries.find((i) => i.intent_id === raw.intentId)?.sandbox.hostileRoute, mode, 'the admin view names the lie');
  return { honest: comparable(honest), hostile: comparable(raw), raw };
}

function wallet(account: DevAccount) {
  const chain = sandbox.chain(SEPOLIA);
  return createWalletClient({ account: privateKeyToAccount(account.privateKey), chain: chain.viemChain, transport: custom(chain.provider) });
}

async function erc20Balance(chainId: number, tokenAddress: Address, owner: Address): Promise<bigint> {
  return sandbox.chain(chainId).publicClient.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** Approves and sends what `route` says, then hands the receipt to the service: what a wallet that trusts the route does. */
async function execute(account: DevAccount, data: RouteBody['data']): Promise<Hex> {
  const client = wallet(account);
  const publicClient = sandbox.chain(SEPOLIA).publicClient;
  for (const approval of data.route.execution.approvals ?? []) {
    const hash = await client.writeContract({
      address: approval.tokenAddress,
      abi: erc20Abi,
      functionName: 'approve',
      args: [approval.spender, BigInt(approval.amount)],
    });
    assert.equal((await publicClient.waitForTransactionReceipt({ hash })).status, 'success');
  }
  const tx = data.route.execution.transaction;
  const hash = await client.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.gasLimit) });
  assert.equal((await publicClient.waitForTransactionReceipt({ hash })).status, 'success');
  const receipt = await api.post(`/api/v1/route-intent/${data.intentId}/receipt`, { txHash: hash });
  assert.equal(receipt.status, 200, receipt.text);
  return hash;
}

describe('the switch', () => {
  test('off by default; set in-process and over HTTP; persists across responses; reset and null turn it off', async () => {
    assert.equal(sandbox.faults.get().hostile, null);
    const set = await admin.post<{ faults: { hostile: string | null } }>('/faults', { hostile: 'inflated-value' });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.faults.hostile, 'inflated-value');

    // Not counted: every route keeps lying until the switch is cleared.
    for (let i = 0; i < 2; i += 1) {
      const route = await postRoute(usdcRequest('swiftbridge'));
      assert.equal(route.route.execution.transaction.value, parseEther('2').toString());
    }

    const cleared = await admin.post<{ faults: { hostile: string | null } }>('/faults', { hostile: null });
    assert.equal(cleared.body.faults.hostile, null);
    assert.equal((await postRoute(usdcRequest('swiftbridge'))).route.execution.transaction.value, '10000000000000', 'the honest gas receiver fee');

    sandbox.faults.set({ hostile: 'max-approval' });
    assert.equal((await admin.post<{ faults: { hostile: string | null } }>('/reset', {})).body.faults.hostile, null);
    sandbox.faults.set({ hostile: 'max-approval' });
    assert.equal(sandbox.faults.reset().hostile, null);
    assert.equal((await postRoute(usdcRequest('swiftbridge'))).route.execution.approvals?.[0]?.amount, '20000000');
  });

  test('an unknown mode is refused with 400 and changes nothing', async () => {
    sandbox.faults.set({ hostile: 'worse-terms' });
    const refused = await admin.post<{ error: string }>('/faults', { hostile: 'steal-everything' });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error, /hostile/);
    assert.equal(sandbox.faults.get().hostile, 'worse-terms');
    assert.throws(() => sandbox.faults.set({ hostile: 'nope' } as never), /hostile/);
  });
});

describe('route modes change only their fields', () => {
  test('inflated-value, native source: value is 100 × fromAmount (0.01 ETH carries 1 ETH)', async () => {
    const { honest, hostile } = await honestThenHostile('inflated-value', nativeRequest());
    assert.equal(honest.execution.transaction.value, '10000000000000000');
    const expected = structuredClone(honest);
    expected.execution.transaction.value = parseEther('1').toString();
    assert.deepEqual(hostile, expected);
  });

  test('inflated-value, ERC-20 source: value is 2 ETH', async () => {
    const { honest, hostile } = await honestThenHostile('inflated-value', usdcRequest('swiftbridge'));
    const expected = structuredClone(honest);
    expected.execution.transaction.value = parseEther('2').toString();
    assert.deepEqual(hostile, expected);
  });

  test('foreign-token-approval: the first approval is for another real ERC-20 on the source chain', async () => {
    const { honest, hostile } = await honestThenHostile('foreign-token-approval', usdcRequest('swiftbridge'));
    const foreign = hostile.execution.approvals?.[0]?.tokenAddress;
    assert.ok(foreign);
    assert.notEqual(foreign.toLowerCase(), token(SEPOLIA, 'USDC').toLowerCase());
    // A deployed token the user holds, so an approval for it would be a real risk.
    const symbol = await sandbox.chain(SEPOLIA).publicClient.readContract({ address: foreign, abi: erc20Abi, functionName: 'symbol' });
    assert.equal(symbol, 'WETH');
    assert.ok((await erc20Balance(SEPOLIA, foreign, sandbox.accounts.user.address)) > 0n);
    const expected = structuredClone(honest);
    expected.execution.approvals![0]!.tokenAddress = foreign;
    assert.deepEqual(hostile, expected);
  });

  test('huge-approval: the first approval is for 1000 × fromAmount', async () => {
    const { honest, hostile } = await honestThenHostile('huge-approval', usdcRequest('swiftbridge'));
    const expected = structuredClone(honest);
    expected.execution.approvals![0]!.amount = '20000000000';
    assert.deepEqual(hostile, expected);
  });

  test('max-approval: the first approval is for 2^256 − 1', async () => {
    const { honest, hostile } = await honestThenHostile('max-approval', usdcRequest('swiftbridge'));
    const expected = structuredClone(honest);
    expected.execution.approvals![0]!.amount = maxUint256.toString();
    assert.deepEqual(hostile, expected);
  });

  test('drain-calldata: the transaction is transfer(attacker, fromAmount) on the source token, value 0', async () => {
    const { honest, hostile } = await honestThenHostile('drain-calldata', usdcRequest('swiftbridge'));
    const tx = hostile.execution.transaction;
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data });
    assert.equal(call.functionName, 'transfer');
    assert.deepEqual(call.args, [sandbox.accounts.attacker.address, 20_000_000n]);
    // The attacker is an EOA that is not the user.
    assert.notEqual(sandbox.accounts.attacker.address, sandbox.accounts.user.address);
    assert.equal(await sandbox.chain(SEPOLIA).publicClient.getCode({ address: sandbox.accounts.attacker.address }), undefined);
    const expected = structuredClone(honest);
    expected.execution.transaction.to = token(SEPOLIA, 'USDC');
    expected.execution.transaction.data = tx.data;
    expected.execution.transaction.value = '0';
    assert.deepEqual(hostile, expected);
  });

  test('foreign-chain-approval: the first approval names the destination chain, and one for chain 1 follows (two-approval route)', async () => {
    const { honest, hostile } = await honestThenHostile('foreign-chain-approval', usdcRequest('hopline'));
    const approvals = honest.execution.approvals ?? [];
    assert.equal(approvals.length, 2, 'hopline: router and fee collector');
    const [first, fee] = approvals as [Approval, Approval];
    const expected = structuredClone(honest);
    expected.execution.approvals = [{ ...first, chainId: String(BASE) }, { ...first, chainId: '1' }, fee];
    assert.deepEqual(hostile, expected);
    const chains = (await api.get<{ chainId: string }[]>('/api/v1/routes/chains')).body.map((c) => String(c.chainId));
    assert.ok(!chains.includes('1'), 'chain 1 is not in the chain list');
  });

  test('worse-terms: toAmount, toAmountMin and their USD figures are half; the quote stays honest', async () => {
    const request = usdcRequest('swiftbridge');
    const quoteBefore = await api.post<{ data: { estimate: unknown } }>('/api/v1/routes/quote', request);
    const { honest, hostile } = await honestThenHostile('worse-terms', request);
    const expected = structuredClone(honest);
    const e = honest.estimate;
    expected.estimate.toAmount = (BigInt(e.toAmount) / 2n).toString();
    expected.estimate.toAmountMin = (BigInt(e.toAmountMin) / 2n).toString();
    assert.deepEqual([e.toAmountUsd, e.toAmountMinUsd], ['19.98', '19.7802'], 'honest: 20 USDC less the 0.1 % fee; 1 % slippage');
    expected.estimate.toAmountUsd = '9.99';
    expected.estimate.toAmountMinUsd = '9.8901';
    assert.deepEqual(hostile, expected);

    const quoteDuring = await api.post<{ data: { estimate: unknown } }>('/api/v1/routes/quote', request);
    assert.deepEqual(quoteDuring.body, quoteBefore.body);
  });

  test('modes that need an ERC-20 source serve native routes honestly', async () => {
    const honest = comparable(await postRoute(nativeRequest()));
    for (const mode of ['foreign-token-approval', 'huge-approval', 'max-approval', 'drain-calldata', 'foreign-chain-approval', 'foreign-status'] as const) {
      sandbox.faults.set({ hostile: mode });
      const route = await postRoute(nativeRequest());
      assert.deepEqual(comparable(route), honest, mode);
      assert.equal(sandbox.intents().find((i) => i.intent_id === route.intentId)?.sandbox.hostileRoute, null, mode);
    }
  });

  test('the stored intent stays honest: the admin view shows the real transaction and approvals', async () => {
    const honest = await postRoute(usdcRequest('swiftbridge'));
    sandbox.faults.set({ hostile: 'drain-calldata' });
    const hostile = await postRoute(usdcRequest('swiftbridge'));
    const summary = (await admin.get<{ sandbox: { transactionTo: string; hostileRoute: string | null } }>(`/intents/${hostile.intentId}`)).body;
    assert.equal(summary.sandbox.transactionTo, honest.route.execution.transaction.to);
    assert.equal(summary.sandbox.hostileRoute, 'drain-calldata');
    const honestSummary = (await admin.get<{ sandbox: { hostileRoute: string | null } }>(`/intents/${honest.intentId}`)).body;
    assert.equal(honestSummary.sandbox.hostileRoute, null);
  });
});

describe('executing what the service says', () => {
  test('worse-terms: the route still executes and settles the honest amount', async () => {
    const user = sandbox.accounts.extraUsers[0]!;
    const honest = await postRoute(usdcRequest('swiftbridge', user));
    sandbox.faults.set({ hostile: 'worse-terms' });
    const route = await postRoute(usdcRequest('swiftbridge', user));
    assert.equal(BigInt(route.route.estimate.toAmount) * 2n, BigInt(honest.route.estimate.toAmount));

    const usdcBase = token(BASE, 'USDC');
    const before = await erc20Balance(BASE, usdcBase, user.address);
    const sourceTx = await execute(user, route);
    const { final } = await pollIntentStatus(api, route.intentId, { timeoutMs: 15_000 });
    assert.equal(final.data.status, 'success');
    assert.equal(final.data.intent_id, route.intentId);
    assert.equal(final.data.source_tx_hash, sourceTx.toLowerCase());
    assert.equal(final.data.to_amount_wei, honest.route.estimate.toAmount);
    assert.equal((await erc20Balance(BASE, usdcBase, user.address)) - before, BigInt(honest.route.estimate.toAmount));
  });

  test('drain-calldata: a wallet that signs it hands fromAmount to the attacker and bridges nothing', async () => {
    const user = sandbox.accounts.extraUsers[1]!;
    sandbox.faults.set({ hostile: 'drain-calldata' });
    const route = await postRoute(usdcRequest('swiftbridge', user));
    const usdc = token(SEPOLIA, 'USDC');
    const attackerBefore = await erc20Balance(SEPOLIA, usdc, sandbox.accounts.attacker.address);
    await execute(user, route);
    assert.equal((await erc20Balance(SEPOLIA, usdc, sandbox.accounts.attacker.address)) - attackerBefore, 20_000_000n);
  });

  test("foreign-status: every poll shows another intent's success while the real one progresses; clearing the switch shows the real one", async () => {
    const user = sandbox.accounts.extraUsers[2]!;
    const route = await postRoute(usdcRequest('swiftbridge', user));
    sandbox.faults.set({ hostile: 'foreign-status' });
    const status = () => api.get<StatusBody>(`/api/v1/route-intent/${route.intentId}/status`);

    const beforeTx = (await status()).body.data;
    assert.equal(beforeTx.status, 'success', 'even before anything was sent');
    const foreignId = beforeTx.intent_id;
    assert.match(String(foreignId), TX_HASH);
    assert.notEqual(foreignId, route.intentId);
    assert.equal(foreignId, keccak256(new TextEncoder().encode(`foreign-status:${route.intentId.toLowerCase()}`)));

    const sourceTx = await execute(user, route);
    // The real intent settles underneath (admin view), while the API keeps showing the foreign record.
    let realStatus = '';
    await until(
      async () => (realStatus = (await admin.get<{ status: string }>(`/intents/${route.intentId}`)).body.status) === 'success',
      () => `the real intent to succeed (still ${realStatus})`,
      { timeout: 15_000, interval: 50 },
    );
    const lying = (await status()).body.data;
    assert.equal(lying.intent_id, foreignId);
    assert.equal(lying.status, 'success');
    assert.equal(lying.intent_status, 'completed');
    assert.equal(lying.next_poll_at, undefined);
    assert.match(String(lying.dest_tx_hash), TX_HASH);
    assert.equal(
      await sandbox
        .chain(BASE)
        .publicClient.getTransaction({ hash: lying.dest_tx_hash as Hex })
        .catch(() => null),
      null,
      'made up',
    );

    sandbox.faults.set({ hostile: null });
    const real = (await status()).body.data;
    assert.equal(real.intent_id, route.intentId);
    assert.equal(real.status, 'success');
    assert.equal(real.source_tx_hash, sourceTx.toLowerCase());
    assert.notEqual(real.dest_tx_hash, lying.dest_tx_hash);
    assert.notEqual(real.to_amount_wei, lying.to_amount_wei);
    assert.equal(real.to_amount_wei, route.route.estimate.toAmount);
    // Apart from the made-up fields, the lying record was the real one (poll counter aside).
    const masked = (d: StatusBody['data']) => {
      const { intent_id: _i, status: _s, intent_status: _is, dest_tx_hash: _d, to_amount_wei: _t, poll_attempt: _p, next_poll_at: _n, ...rest } = d;
      return rest;
    };
    assert.deepEqual(masked(lying), masked(real));
  });
});
