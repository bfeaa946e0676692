/**
 * The sandbox's deposit addresses (sandbox/service/deposits.ts), called as the
 * proxy would: a fresh address per intent, watched on the real chains; the
 * amount paid in moves the transfer to its end; less, or a payment after the
 * expiry, goes back to the sender; the simulated Cosmos chain as a source paid
 * only this way; each hostile deposit mode gives the refusal the widget checks for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bech32 } from '@scure/base';
import { createWalletClient, custom, erc20Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { NATIVE_TOKEN_ADDRESS, type SandboxHandle } from '../../sandbox/index.js';
import { pollIntentStatus, type RawApiClient, type StatusBody } from '../../sandbox/testing.js';
import { checkDeposit, depositResponseSchema, DepositRefusedError, loadAddressRules, loadChecksum } from '../../src/api/index.ts';
import { DEPOSIT_REFUSALS } from '../fixtures/deposit-refusals.ts';
import { DST, SRC } from './helpers/chains.ts';
import { sandboxToken } from './helpers/flow-sandbox.ts';
import { startServiceSandbox } from './helpers/service-sandbox.ts';

let sandbox: SandboxHandle, api: RawApiClient, admin: RawApiClient;
before(async () => ({ sandbox, api, admin } = await startServiceSandbox()));
after(() => sandbox?.close());
const token = (chainId: number | string, symbol: string) => sandboxToken(sandbox, chainId, symbol).address;

interface Answer {
  data: {
    intentId: string;
    depositAddress: string;
    chainId: string;
    token: string;
    amount: string;
    expiresAt: string;
    estimate: { toAmount: string };
    provider: string;
  };
}

/** The user pays from an extra account (#`payer`) and names it the sender, so a refund comes back to it. */
function payer(index: number) {
  const account = sandbox.accounts.extraUsers[index]!;
  const wallet = createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: sandbox.chain(SRC).viemChain,
    transport: custom(sandbox.chain(SRC).provider),
  });
  return { address: account.address, wallet };
}

const body = (sender: string, overrides: Record<string, unknown> = {}) => ({
  fromChain: String(SRC),
  toChain: String(DST),
  fromToken: token(SRC, 'USDC'),
  toToken: token(DST, 'USDC'),
  fromAmount: '2000000',
  fromAddress: sender,
  toAddress: sandbox.accounts.extraUsers[3]!.address,
  metadata: { sandboxProvider: 'swiftbridge' },
  ...overrides,
});

const usdcOf = (chainId: number, owner: string) =>
  sandbox
    .chain(chainId)
    .publicClient.readContract({ address: token(chainId, 'USDC') as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] });

async function payUsdc(from: ReturnType<typeof payer>, to: string, amount: bigint): Promise<void> {
  const hash = await from.wallet.writeContract({
    address: token(SRC, 'USDC') as Address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Address, amount],
  });
  await sandbox.chain(SRC).publicClient.waitForTransactionReceipt({ hash });
}

const status = (intentId: string, until?: (b: StatusBody) => boolean) => pollIntentStatus(api, intentId, { timeoutMs: 30_000, ...(until ? { until } : {}) });

describe('a deposit address on a local chain', () => {
  test('a fresh address per intent, for the chain, token and exact amount asked, with its expiry; the intent pending until paid', async () => {
    const sender = payer(0).address;
    const first = await api.post<Answer>('/api/v1/routes/deposit-address', body(sender));
    const second = await api.post<Answer>('/api/v1/routes/deposit-address', body(sender));
    assert.equal(first.status, 200);
    assert.ok(first.headers.get('x-provider-request-id'));
    const { data } = first.body;
    assert.match(data.depositAddress, /^0x[0-9a-fA-F]{40}$/);
    assert.notEqual(data.depositAddress, second.body.data.depositAddress);
    assert.deepEqual([data.chainId, data.token, data.amount, data.provider], [String(SRC), token(SRC, 'USDC'), '2000000', 'swiftbridge']);
    const ttl = Date.parse(data.expiresAt) - Date.now();
    assert.ok(ttl > 14 * 60_000 && ttl <= 15 * 60_000, `15 minutes (${ttl} ms)`);
    const pending = await api.get<StatusBody>(`/api/v1/route-intent/${data.intentId}/status`);
    assert.equal(pending.body.data.status, 'pending');
    const receipt = await api.post(`/api/v1/route-intent/${data.intentId}/receipt`, { txHash: `0x${'ab'.repeat(32)}` });
    assert.equal(receipt.status, 409, 'a deposit takes no receipt');
  });

  test('the amount paid in from anywhere: submitted with the payment as its source transaction, then settled to the recipient', async () => {
    const from = payer(0);
    const { data } = (await api.post<Answer>('/api/v1/routes/deposit-address', body(from.address))).body;
    const recipient = sandbox.accounts.extraUsers[3]!.address;
    const before = await usdcOf(DST, recipient);
    await payUsdc(from, data.depositAddress, 2_000_000n);
    const { final, polls } = await status(data.intentId);
    assert.equal(final.data.status, 'success');
    assert.ok(polls.some((p) => p.data.status === 'submitted' || p.data.status === 'bridging'));
    assert.match(final.data.source_tx_hash as string, /^0x[0-9a-f]{64}$/);
    assert.equal((await usdcOf(DST, recipient)) - before, BigInt(data.estimate.toAmount));
  });

  test('less than the amount: failed, and what arrived goes back to the sender', async () => {
    const from = payer(1);
    const { data } = (await api.post<Answer>('/api/v1/routes/deposit-address', body(from.address))).body;
    const before = await usdcOf(SRC, from.address);
    await payUsdc(from, data.depositAddress, 1_000_000n);
    const { final } = await status(data.intentId, (b) => b.data.status === 'failed' && b.data.intent_status === 'refunded');
    assert.equal(final.data.status, 'failed');
    assert.match(final.data.failure_reason as string, /Less than the amount/);
    assert.equal(await usdcOf(SRC, from.address), before, 'the sender has it back');
    assert.equal(await usdcOf(SRC, data.depositAddress), 0n);
  });

  test('more than the amount: the amount is bridged and the surplus goes back to the sender', async () => {
    const from = payer(1);
    const { data } = (await api.post<Answer>('/api/v1/routes/deposit-address', body(from.address))).body;
    const before = await usdcOf(SRC, from.address);
    await payUsdc(from, data.depositAddress, 2_500_000n);
    const { final } = await status(data.intentId);
    assert.equal(final.data.status, 'success');
    assert.equal(before - (await usdcOf(SRC, from.address)), 2_000_000n);
  });

  test('nothing by the expiry: failed as expired; a payment after it goes back to the sender', async () => {
    const from = payer(2);
    await admin.post('/faults', { depositTtlSeconds: 1 });
    try {
      const { data } = (await api.post<Answer>('/api/v1/routes/deposit-address', body(from.address))).body;
      const { final } = await status(data.intentId);
      assert.deepEqual([final.data.status, final.data.intent_status], ['failed', 'expired']);
      const before = await usdcOf(SRC, from.address);
      await payUsdc(from, data.depositAddress, 2_000_000n);
      await status(data.intentId, (b) => b.data.intent_status === 'refunded');
      assert.equal(await usdcOf(SRC, from.address), before);
    } finally {
      await admin.post('/faults', { depositTtlSeconds: null });
    }
  });

  test("the chain's own currency: a payment found in the blocks, settled", async () => {
    const from = payer(0);
    const { data } = (
      await api.post<Answer>(
        '/api/v1/routes/deposit-address',
        body(from.address, { fromToken: NATIVE_TOKEN_ADDRESS, toToken: NATIVE_TOKEN_ADDRESS, fromAmount: '10000000000000000' }),
      )
    ).body;
    assert.equal(data.token, NATIVE_TOKEN_ADDRESS);
    const hash = await from.wallet.sendTransaction({ to: data.depositAddress as Address, value: 10n ** 16n });
    const { final } = await status(data.intentId);
    assert.equal(final.data.status, 'success');
    assert.equal(final.data.source_tx_hash, hash.toLowerCase());
  });
});

describe('the simulated Cosmos chain as a source: paid into a deposit address only', () => {
  const sender = bech32.encode('cata', bech32.toWords(Uint8Array.from({ length: 20 }, (_, i) => 200 - i)));
  const cosmos = (overrides: Record<string, unknown> = {}) =>
    body(sender, { fromChain: 'cataclysm-1', fromToken: 'uusdc', toToken: token(DST, 'USDC'), metadata: { sandboxProvider: 'hopline' }, ...overrides });

  test('quoted, never routed, given a cata1 deposit address; paid in through the bank, it arrives on the EVM chain', async () => {
    const quote = await api.post<{ data: { estimate: { toAmount: string } } }>('/api/v1/routes/quote', cosmos());
    assert.equal(quote.status, 200);
    const route = await api.post<{ providers: { code: string; reason: string }[] }>('/api/v1/routes/route', cosmos());
    assert.equal(route.status, 422);
    assert.match(route.body.providers[0]!.reason, /deposit address only/);
    const { data } = (await api.post<Answer>('/api/v1/routes/deposit-address', cosmos())).body;
    assert.match(data.depositAddress, /^cata1/);
    assert.equal(data.chainId, 'cataclysm-1');
    await admin.post('/cosmos/fund', { address: sender, denom: 'uusdc', amount: '2000000' });
    const sent = await admin.post<{ hash: string }>('/cosmos/send', { from: sender, to: data.depositAddress, denom: 'uusdc', amount: '2000000' });
    assert.equal(sent.status, 200);
    const { final } = await status(data.intentId);
    assert.equal(final.data.status, 'success');
    assert.equal(final.data.source_tx_hash, sent.body.hash);
  });
});

describe('hostile deposit answers: each gives the refusal the widget checks for', () => {
  before(async () => {
    await Promise.all([loadChecksum(), loadAddressRules()]);
  });

  for (const [mode, rule] of DEPOSIT_REFUSALS) {
    test(`${mode}: ${rule}`, async () => {
      await admin.post('/faults', { hostile: mode });
      try {
        const request = body(payer(0).address);
        const response = await api.post('/api/v1/routes/deposit-address', request);
        assert.equal(response.status, 200);
        const answer = depositResponseSchema.parse(response.body);
        assert.throws(
          () =>
            checkDeposit(answer, {
              request: { ...request, fromAmount: BigInt(request.fromAmount) },
              family: 'evm',
            }),
          (error: unknown) => error instanceof DepositRefusedError && error.rule === rule,
        );
      } finally {
        await admin.post('/faults', { hostile: null });
      }
    });
  }

  test('the mode never touches routes: a route under it is honest', async () => {
    await admin.post('/faults', { hostile: 'deposit-other-amount' });
    try {
      const route = await api.post<{ data: { route: { estimate: { fromAmount: string } } } }>('/api/v1/routes/route', body(payer(0).address));
      assert.equal(route.body.data.route.estimate.fromAmount, '2000000');
    } finally {
      await admin.post('/faults', { hostile: null });
    }
  });
});
